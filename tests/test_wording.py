"""The code speaks of the project, not of how it was built.

A docstring or comment that sends the reader to a numbered working session,
or to the name of the branch a change was made on, names something the
reader cannot find; it says instead which benchmark (and command) measured
a reason, and its date.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HOW_IT_WAS_BUILT = re.compile(
    r"(?i:\b(first|second|third|[a-z]+th)\s+sessions?\b"
    r"|\bsessions?\s+\d+\b"
    r"|\b(this|last|next|previous)\s+session\b)"
    r"|\bh\d\d[a-z]?\b"
)
"""Session numbers, ordinal or not, even across a line break; branch names like ``h12a``."""


def history_words(text: str) -> list[str]:
    """Each place in ``text`` that names how the project was built."""
    return [match.group() for match in HOW_IT_WAS_BUILT.finditer(text)]


def test_the_pattern_finds_sessions_and_branch_names() -> None:
    text = (
        "bots (``bench/README.md``, fifth\nsession)\n"
        "the eighteenth\nsession's section on OpenSpiel\n"
        "(second, seventh and eighth\nsessions)\n"
        "## The quick suite (Session 14)\n"
        "(issue 35, h41a; 2 vCPU)\n"
        "a game session of four players, the fifth seat, h3 headings, H18 paths\n"
    )
    assert history_words(text) == [
        "fifth\nsession",
        "eighteenth\nsession",
        "eighth\nsessions",
        "Session 14",
        "h41a",
    ]


def test_code_and_tests_do_not_name_sessions_or_branches() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {words!r}"
        for folder in ("src", "tests")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path != Path(__file__).resolve()  # its examples
        for words in history_words(path.read_text(encoding="utf-8"))
    ]
    assert found == []
