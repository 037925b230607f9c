"""The code speaks of the project, not of how it was built.

A docstring or comment that sends the reader to "the fifth session" or to a
branch such as "h35b" names something the reader cannot find; it says which
benchmark (and command) measured a reason instead, and its date.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HOW_IT_WAS_BUILT = re.compile(
    r"\b(first|second|third|[a-z]+th)\s+sessions?\b"
    r"|\bsessions?\s+\d+\b"
    r"|\b(this|last|next|previous)\s+session\b"
    r"|\bh3[0-9][a-z]?\b",
    re.IGNORECASE,
)
"""Session numbers (ordinal or not) and the branch names of the form ``h35b``."""


def history_words(text: str) -> list[str]:
    """Each place in ``text`` that names how the project was built (a line break may split it)."""
    return [" ".join(match.group().split()) for match in HOW_IT_WAS_BUILT.finditer(text)]


def test_the_pattern_finds_sessions_and_branch_names() -> None:
    text = (
        "bots (``bench/README.md``, fifth session)\n"
        "the eighteenth session's section on OpenSpiel\n"
        "(second, seventh and eighth\nsessions)\n"
        "## The quick suite (session 14)\n"
        "(issue 35, h35b; 2 vCPU)\n"
        "a game session of four players, the fifth seat, h3 headings, 300 iterations\n"
    )
    assert history_words(text) == [
        "fifth session",
        "eighteenth session",
        "eighth sessions",
        "session 14",
        "h35b",
    ]


def test_code_and_tests_do_not_name_sessions_or_branches() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {words}"
        for folder in ("src", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != Path(__file__).resolve()
        for words in history_words(path.read_text(encoding="utf-8"))
    ]
    assert found == []
