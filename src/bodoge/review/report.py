"""A review drawn: every seat's curve with the reviewed seat's marks, as PNG or one HTML page.

matplotlib is optional (``bodoge[sim]``), imported only here.  The HTML
page is one self-contained file (the plot inline as SVG, no network).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import jinja2

from ..engine import Text, seat_name
from ..engine.text import FONT_STACK
from . import Cause, Review
from .words import METRIC, describe

CHANCE_CAUSES = (Cause.CHANCE, Cause.OWN_AND_CHANCE, Cause.OTHER_AND_CHANCE)

CAPTION = Text(
    "横軸は手数、縦軸は各席がその時見えていたことから見た{metric}（%）。太線が検討した席、"
    "印は大悪手 B・悪手 M・不正確 I、薄い縦線は偶然（引き・出目）が動いた手。",
    "Across: actions played; up: each seat's {metric} (%) from what it could see then. "
    "The thick line is the reviewed seat; marks B, M and I are its blunders, mistakes and "
    "inaccuracies; faint vertical lines are the steps where chance (a draw, a roll) moved.",
)
TITLE = Text("{game} の検討", "Review of a game of {game}")

PAGE = jinja2.Environment(autoescape=True).from_string(
    """<!doctype html>
<html lang="{{ lang }}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ title }}</title>
<style>
body { font: 15px/1.5 {{ fonts | safe }}; margin: 1rem auto; max-width: 60rem; padding: 0 1rem; }
figure { margin: 0; } svg { max-width: 100%; height: auto; }
li { margin: 0.3rem 0; }
</style></head><body>
<h1>{{ title }}</h1>
<figure>{{ plot | safe }}<figcaption>{{ caption }}</figcaption></figure>
<ul>{% for line in lines %}<li>{{ line }}</li>{% endfor %}</ul>
</body></html>
"""
)


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg", force=False)
    import matplotlib.pyplot as plt

    return plt


def draw(review: Review, kind: str = "svg") -> bytes:
    """The curves (one line per seat), the reviewed seat's marks and the steps chance moved.

    The plot holds no words, only seat names P1… and numbers, so it draws
    the same in every language with any font; the caption explains it.
    """
    plt = _pyplot()
    style = {"svg.fonttype": "none", "svg.hashsalt": "bodoge", "font.size": 9, "figure.dpi": 96}
    with plt.rc_context(style):
        figure, axes = plt.subplots(figsize=(7.5, 3.4))
        for seat, curve in enumerate(review.curves):
            steps = [point.step for point in curve]
            axes.plot(
                steps,
                [point.value.mean for point in curve],
                linewidth=2.2 if seat == review.seat else 1.0,
                label=seat_name(seat),
            )
        mine = review.curves[review.seat] if review.curves else ()
        chance = [
            p.step
            for p in mine
            if p.cause in (Cause.CHANCE, Cause.OTHER_AND_CHANCE, Cause.OWN_AND_CHANCE)
        ]
        for step in chance:
            axes.axvline(step, color="#999", alpha=0.15, linewidth=1)
        for judgement in review.marked:
            axes.annotate(
                str(judgement.mark)[0].upper(),
                (judgement.step, judgement.played_value.mean),
                color="#b00",
                fontweight="bold",
            )
        axes.set_ylim(-0.02, 1.02)
        axes.yaxis.set_major_formatter(lambda value, _: f"{round(value * 100)}")
        axes.set_ylabel("%")
        axes.legend(loc="upper left", fontsize=8, frameon=False)
        buffer = io.BytesIO()
        figure.savefig(
            buffer,
            format=kind,
            bbox_inches="tight",
            metadata={"Date": None} if kind == "svg" else None,
        )
        plt.close(figure)
    return buffer.getvalue()


def write_report(
    review: Review, path: Path, lang: str, game_title: str, names: Sequence[str] | None = None
) -> None:
    """Write ``path``: a PNG plot, or (any other suffix) one self-contained HTML page."""
    if path.suffix.lower() == ".png":
        path.write_bytes(draw(review, "png"))
        return
    plot = ""
    if review.curves:
        svg = draw(review).decode("utf-8")
        svg = re.sub(r"<metadata>.*?</metadata>\s*", "", svg, flags=re.DOTALL)
        plot = svg[svg.index("<svg") :]
    page = PAGE.render(
        lang=lang,
        fonts=FONT_STACK,
        title=TITLE.format(game=game_title)(lang),
        plot=plot,
        caption=CAPTION.format(metric=METRIC[review.metric](lang))(lang) if plot else "",
        lines=describe(review, lang, names),
    )
    path.write_text(page, encoding="utf-8")
