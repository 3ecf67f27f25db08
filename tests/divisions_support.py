"""Finishing a demo season in a test's copy: every scheduled game (or team match) still
without a result gets one, written under its round's ``- date:`` line, so the season's
divisions are finished and ``next-season`` can run on them."""

from __future__ import annotations

from pathlib import Path

from leaguegen.domain.sections import derive_facts
from leaguegen.domain.sections.round_robin import RoundRobinFacts
from leaguegen.domain.sections.team_league import TeamLeagueFacts
from leaguegen.formats.season_yaml import load_season


def finish(folder: Path, sections: tuple[str, ...]) -> None:
    """White (the home team, by whole-match default) wins every game still to play in
    ``sections``; each of their rounds still empty must be a bare ``- date: D`` line."""
    season = load_season(folder)
    path = folder / "season.yaml"
    text = path.read_text(encoding="utf-8")
    for sid in sections:
        section = season.section(sid)
        facts = derive_facts(section)
        dates = {r.number: r.date for r in section.rounds}
        missing: dict[int, list[str]] = {}
        if isinstance(facts, TeamLeagueFacts):
            names = [t.name for t in facts.details.teams]
            for f in facts.fixtures:
                if (f.round, f.host, f.guest) not in facts.results:
                    missing.setdefault(f.round, []).append(
                        f"{names[f.host - 1]} - {names[f.guest - 1]}: +-")
            key = "matches"
        else:
            assert isinstance(facts, RoundRobinFacts)
            done = {(g.round, g.white, g.black) for g in section.games if g.result is not None}
            left = {w.player: w.after_round for w in section.withdrawals}
            for r, boards in enumerate(facts.schedule, start=1):
                for p in boards:
                    gone = any(r > left.get(n, r) for n in (p.white, p.black))
                    if p.black is not None and (r, p.white, p.black) not in done and not gone:
                        missing.setdefault(r, []).append(
                            f"{section.players[p.white - 1].name} - "
                            f"{section.players[p.black - 1].name}: 1-0")
            key = "results"
        for r, games in missing.items():
            line = f"      - date: {dates[r].isoformat()}\n"
            assert text.count(line) == 1, (sid, r)
            body = f"        {key}:\n" + "".join(f"          - {g}\n" for g in games)
            text = text.replace(line, line + body)
    path.write_text(text, encoding="utf-8")
