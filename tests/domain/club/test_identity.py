"""Who is the same person across the seasons of a folder (domain/club/identity.py), on the
two seasons of tests/data/club-seasons and on small hand-made variations of them."""

from __future__ import annotations

import dataclasses

from leaguegen.domain.club.identity import identity_warnings, probable_duplicates, roster
from leaguegen.domain.model import Player
from leaguegen.formats.season_yaml import load_season
from tests.conftest import ROOT

CLUB = ROOT / "tests" / "data" / "club-seasons"
ORDER = ["autumn-2025", "spring-2026"]


def _seasons() -> dict:
    return {path: load_season(CLUB / path) for path in ORDER}


def _names(found) -> dict[str, tuple[str, ...]]:  # noqa: ANN001
    return {m.slug: m.names for m in found.members}


def test_fide_id_alias_and_club_id_make_one_member_each() -> None:
    found = roster(_seasons(), ORDER)
    assert _names(found) == {
        "maria-lopez-grant": ("Maria Lopez", "Maria Lopez-Grant"),  # an alias: a new name
        "tom-hughes": ("Tom Hughes",),                              # the FIDE ID
        "sam-patel": ("Sam Patel",),                                # autumn, no id
        "john-smith": ("Jonh Smith", "John Smith"),                 # an alias: a typo
        "sam-patel-2": ("Sam Patel",),                              # spring, club id RCC-9
        "ann-kerr": ("Ann Kerr",),                                  # club id RCC-1
    }
    tom = found.member("tom-hughes")
    assert [(a.season, a.section) for a in tom.appearances] == [
        ("autumn-2025", "club"), ("spring-2026", "championship"), ("spring-2026", "blitz")]
    assert tom.fide_id == 123456
    assert found.slug_of("spring-2026", "blitz", 2) == "maria-lopez-grant"  # by name
    assert found.member("ann-kerr").club_id == "RCC-1"


def test_the_same_name_and_birth_year_with_two_identities_is_warned_with_both_places() -> None:
    found = roster(_seasons(), ORDER)
    [dup] = probable_duplicates(found)
    assert (dup.first.season, dup.second.season) == ("autumn-2025", "spring-2026")
    assert dup.reason == "the same name and birth year 1990"
    [warning] = identity_warnings(found)
    autumn = str(CLUB / "autumn-2025" / "season.yaml")
    spring = str(CLUB / "spring-2026" / "season.yaml")
    assert warning.warning and (warning.path, warning.line) == (autumn, 14)
    assert f"at {spring}:16 " in warning.message
    assert "probably one person with two identities" in warning.message


def test_nothing_is_merged_by_a_name_alone_when_ids_differ() -> None:
    """Two entries of one name with different club ids are two members, not warned about
    between themselves (both have ids, no birth year in common); each is still warned
    about beside the autumn entry without an id."""
    seasons = _seasons()
    spring = seasons["spring-2026"]
    champ = spring.sections[0]
    players = list(champ.players)
    players[4] = dataclasses.replace(players[4], name="Sam Patel", club_id="RCC-77",
                                     birth=None)
    seasons["spring-2026"] = dataclasses.replace(spring, sections=(
        dataclasses.replace(champ, players=tuple(players)), *spring.sections[1:]))
    found = roster(seasons, ORDER)
    assert sum(1 for m in found.members if m.name == "Sam Patel") == 3
    assert [d.reason for d in probable_duplicates(found)] == [
        "the same name and birth year 1990",
        "the same name, one with an id (FIDE or club) and one without"]


def _one_section(*players: Player):  # noqa: ANN202
    season = load_season(CLUB / "autumn-2025")
    section = dataclasses.replace(season.sections[0], players=players, games=())
    return dataclasses.replace(season, sections=(section,))


def test_one_fide_id_under_two_club_ids_stays_two_members_and_is_warned() -> None:
    seasons = {"a": _one_section(Player("Ann Kerr", fide_id=7, club_id="X1")),
               "b": _one_section(Player("Ann Kerr", fide_id=7, club_id="X2"),
                                 Player("Ann Kerr-Lee", fide_id=7))}
    found = roster(seasons, ["a", "b"])
    assert len(found.members) == 2  # the entry without a club id joins the first by FIDE ID
    assert [d.reason for d in probable_duplicates(found)] == ["the same FIDE ID 7"]


def test_a_fide_id_added_later_is_not_merged_by_name_but_warned() -> None:
    seasons = {"a": _one_section(Player("Ann Kerr")),
               "b": _one_section(Player("Ann Kerr", fide_id=7))}
    found = roster(seasons, ["a", "b"])
    assert len(found.members) == 2
    assert [d.reason for d in probable_duplicates(found)] == [
        "the same name, one with an id (FIDE or club) and one without"]


def test_an_alias_naming_nobody_is_warned() -> None:
    seasons = {"a": _one_section(Player("Ann Kerr", aliases=("Anne Kerr",)))}
    [warning] = identity_warnings(roster(seasons, ["a"]))
    assert warning.message == "Ann Kerr: alias 'Anne Kerr' names no player in the folder's seasons"
