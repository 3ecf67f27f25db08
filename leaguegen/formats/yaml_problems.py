"""PyYAML's problems as Messages: the same English words, said in the run's language.

PyYAML explains a syntax error in a short English phrase (``exc.problem``, and where it
was looking, ``exc.context``): libyaml's fixed phrases when the C loader is installed (the
usual case), the pure-Python parser's, built with ``%r`` of what it found, otherwise. A
season file's
reader (``yaml_nodes._syntax_error``) keeps PyYAML's position and puts the phrase after
"not valid YAML:"; this module turns each phrase PyYAML's scanner, parser and composer
can write into a :class:`~leaguegen.errors.Message` with the very same English text, so
the English output does not change and the command line can say it in Russian, Chinese
or Arabic. What PyYAML found (a character, a token such as ``'<block end>'``) is a value,
shown as PyYAML wrote it. A phrase not listed here (a future PyYAML's) is passed on as
it is, in English: never lost, never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from leaguegen.errors import Message

# (PyYAML's phrase, with (?P<found>...) where it puts a %r) -> the Message saying it
_PROBLEMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], Message]], ...] = tuple(
    (re.compile(pattern + r"\Z", re.S), make) for pattern, make in (
        # libyaml (yaml.CSafeLoader): fixed phrases
        (r"mapping values are not allowed in this context",
         lambda m: Message("mapping values are not allowed in this context")),
        (r"block sequence entries are not allowed in this context",
         lambda m: Message("block sequence entries are not allowed in this context")),
        (r"mapping keys are not allowed in this context",
         lambda m: Message("mapping keys are not allowed in this context")),
        (r"found character that cannot start any token",
         lambda m: Message("found character that cannot start any token")),
        (r"found unknown escape character",
         lambda m: Message("found unknown escape character")),
        (r"found invalid Unicode character escape code",
         lambda m: Message("found invalid Unicode character escape code")),
        (r"did not find expected hexdecimal number",
         lambda m: Message("did not find expected hexdecimal number")),
        (r"did not find expected key", lambda m: Message("did not find expected key")),
        (r"did not find expected node content",
         lambda m: Message("did not find expected node content")),
        (r"did not find expected ',' or '\]'",
         lambda m: Message("did not find expected ',' or ']'")),
        (r"did not find expected ',' or '\}'",
         lambda m: Message("did not find expected ',' or '}}'")),
        (r"did not find expected <document start>",
         lambda m: Message("did not find expected <document start>")),
        (r"did not find expected '-' indicator",
         lambda m: Message("did not find expected '-' indicator")),
        (r"did not find expected alphabetic or numeric character",
         lambda m: Message("did not find expected alphabetic or numeric character")),
        (r"did not find expected comment or line break",
         lambda m: Message("did not find expected comment or line break")),
        (r"did not find expected whitespace or line break",
         lambda m: Message("did not find expected whitespace or line break")),
        (r"did not find expected whitespace",
         lambda m: Message("did not find expected whitespace")),
        (r"found a tab character that violates indentation",
         lambda m: Message("found a tab character that violates indentation")),
        (r"found a tab character where an indentation space is expected",
         lambda m: Message("found a tab character where an indentation space is expected")),
        (r"found unexpected document indicator",
         lambda m: Message("found unexpected document indicator")),
        (r"found unexpected ':'", lambda m: Message("found unexpected ':'")),
        (r"control characters are not allowed",
         lambda m: Message("control characters are not allowed")),
        (r"found undefined tag handle", lambda m: Message("found undefined tag handle")),
        (r"while parsing a block node", lambda m: Message("while parsing a block node")),
        (r"while parsing a flow node", lambda m: Message("while parsing a flow node")),
        (r"while parsing a quoted scalar",
         lambda m: Message("while parsing a quoted scalar")),
        (r"while scanning a quoted scalar",
         lambda m: Message("while scanning a quoted scalar")),
        (r"while scanning a simple key", lambda m: Message("while scanning a simple key")),
        (r"while parsing a flow sequence", lambda m: Message("while parsing a flow sequence")),
        (r"while parsing a flow mapping", lambda m: Message("while parsing a flow mapping")),
        # both: the same phrase in libyaml and in PyYAML's own parser
        (r"could not find expected ':'",
         lambda m: Message("could not find expected ':'")),
        (r"found unexpected end of stream",
         lambda m: Message("found unexpected end of stream")),
        # PyYAML's own parser (yaml.SafeLoader): phrases with what it found
        (r"mapping values are not allowed here",
         lambda m: Message("mapping values are not allowed here")),
        (r"sequence entries are not allowed here",
         lambda m: Message("sequence entries are not allowed here")),
        (r"mapping keys are not allowed here",
         lambda m: Message("mapping keys are not allowed here")),
        (r"found character (?P<found>.+) that cannot start any token",
         lambda m: Message("found character {found} that cannot start any token",
                           found=m["found"])),
        (r"found unexpected document separator",
         lambda m: Message("found unexpected document separator")),
        (r"found unknown escape character (?P<found>.+)",
         lambda m: Message("found unknown escape character {found}", found=m["found"])),
        (r"expected <block end>, but found (?P<found>.+)",
         lambda m: Message("expected <block end>, but found {found}", found=m["found"])),
        (r"expected the node content, but found (?P<found>.+)",
         lambda m: Message("expected the node content, but found {found}",
                           found=m["found"])),
        (r"expected ',' or '\]', but got (?P<found>.+)",
         lambda m: Message("expected ',' or ']', but got {found}", found=m["found"])),
        (r"expected ',' or '\}', but got (?P<found>.+)",
         lambda m: Message("expected ',' or '}}', but got {found}", found=m["found"])),
        (r"expected '<document start>', but found (?P<found>.+)",
         lambda m: Message("expected '<document start>', but found {found}",
                           found=m["found"])),
        (r"expected a single document in the stream",
         lambda m: Message("expected a single document in the stream")),
        (r"but found another document",
         lambda m: Message("but found another document")),
        (r"expected alphabetic or numeric character, but found (?P<found>.+)",
         lambda m: Message("expected alphabetic or numeric character, but found {found}",
                           found=m["found"])),
        (r"expected a comment or a line break, but found (?P<found>.+)",
         lambda m: Message("expected a comment or a line break, but found {found}",
                           found=m["found"])),
        (r"expected ' ', but found (?P<found>.+)",
         lambda m: Message("expected ' ', but found {found}", found=m["found"])),
        (r"invalid indentation or unclosed '\[' or '\{'",
         lambda m: Message("invalid indentation or unclosed '[' or '{{'")),
        (r"expected escape sequence of (?P<count>\d+) hexadecimal numbers, but found"
         r" (?P<found>.+)",
         lambda m: Message("expected escape sequence of {count} hexadecimal numbers, but found"
                           " {found}", count=int(m["count"]), found=m["found"])),
        (r"found undefined tag handle (?P<found>.+)",
         lambda m: Message("found undefined tag handle {found}", found=m["found"])),
        (r"expected '!', but found (?P<found>.+)",
         lambda m: Message("expected '!', but found {found}", found=m["found"])),
        (r"special characters are not allowed",
         lambda m: Message("special characters are not allowed")),
        (r"while parsing a block mapping",
         lambda m: Message("while parsing a block mapping")),
        (r"while parsing a block collection",
         lambda m: Message("while parsing a block collection")),
        (r"while parsing a node", lambda m: Message("while parsing a node")),
        (r"while scanning a double-quoted scalar",
         lambda m: Message("while scanning a double-quoted scalar")),
        (r"while scanning a block scalar", lambda m: Message("while scanning a block scalar")),
        (r"while scanning a plain scalar", lambda m: Message("while scanning a plain scalar")),
        (r"while scanning for the next token",
         lambda m: Message("while scanning for the next token")),
    ))


def said(phrase: str | None) -> Message | str:
    """PyYAML's ``phrase`` as a Message with the same English text (or as it is)."""
    if not phrase:
        return ""
    for pattern, make in _PROBLEMS:
        found = pattern.match(phrase)
        if found:
            return make(found)
    return phrase
