"""Every page bodoge writes names one font stack, with a Japanese font of each common system."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from bodoge.cli import build_app
from bodoge.engine.text import FONT_STACK
from bodoge.sim import run_many
from bodoge.sim.report import build_report

STYLE = Path(__file__).parents[1] / "src" / "bodoge" / "server" / "static" / "style.css"


def families(css: str) -> list[str]:
    return [name.strip().strip('"') for name in css.split(",")]


def test_the_stack_names_a_japanese_font_of_each_common_system() -> None:
    named = families(FONT_STACK)
    systems = {
        "macOS and iOS": "Hiragino Sans",
        "Windows": "Yu Gothic UI",
        "Windows before 8.1": "Meiryo",
        "Android and ChromeOS": "Noto Sans CJK JP",
        "Linux without Noto": "IPAexGothic",
    }
    for system, font in systems.items():
        assert font in named, system
    assert named[-1] == "sans-serif"
    # the Japanese fonts come before the generic family, whatever the Latin fonts
    assert named.index("Hiragino Sans") < named.index("sans-serif")


def test_the_table_and_every_report_use_the_stack(tmp_path: Path) -> None:
    declared = re.findall(r"font-family:\s*([^;]+);", STYLE.read_text(encoding="utf-8"))
    assert declared[0].strip() == FONT_STACK
    results = list(run_many("hoarders", 3, None, 1, n=3))
    assert f"font-family: {FONT_STACK};" in build_report(results, "ja")
    page = tmp_path / "tune.html"
    args = ["tune", "hoarders", "--param", "winning_set=4..5", "--batch", "20", "--seed", "1"]
    tuned = CliRunner().invoke(build_app("en"), [*args, "--max-games", "40", "--report", str(page)])
    assert tuned.exit_code == 0, tuned.output
    assert f"font-family:{FONT_STACK};" in page.read_text(encoding="utf-8")
