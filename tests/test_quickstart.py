"""The quickstart page runs as written: its Python and its non-interactive commands."""

from __future__ import annotations

import re
import shlex

import pytest
from typer.testing import CliRunner

from bodoge.cli import build_app
from test_docs import ROOT

PAGE = (ROOT / "docs" / "quickstart.md").read_text(encoding="utf-8")


def blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", PAGE, re.S)


def commands() -> list[list[str]]:
    """The page's ``bodoge`` commands that end by themselves (not play or serve)."""
    found = []
    for block in blocks("sh"):
        for line in block.splitlines():
            words = shlex.split(line.split("#", 1)[0])
            if words[:1] == ["bodoge"] and words[1] not in ("play", "serve"):
                found.append(words[1:])
    return found


def test_the_quickstart_python_runs() -> None:
    (code,) = blocks("python")
    exec(compile(code, "docs/quickstart.md", "exec"), {})


@pytest.mark.parametrize("words", commands(), ids=" ".join)
def test_the_quickstart_commands_run(words: list[str]) -> None:
    result = CliRunner().invoke(build_app("en"), words)
    assert result.exit_code == 0, result.output
    assert result.output.strip()


def test_the_quickstart_installs_as_the_readme_does() -> None:
    assert "python3 -m venv .venv && . .venv/bin/activate && pip install ." in blocks("sh")[0]
    assert len(commands()) == 2
