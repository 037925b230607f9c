"""Issue 34's page points for the seven new games, measured in Chromium on pages rendered
in process (the server's own CSS, the game's own template): what overlaps, what spills,
what is shown twice, at 1280 px and at a phone's 390 px."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

import bodoge
from bodoge.engine import State
from bodoge.server.live import LiveTable
from bodoge.server.render import render_game
from viewkit import live_table

CSS = (Path(bodoge.__file__).parent / "server" / "static" / "style.css").read_text("utf-8")
WIDTHS = (1280, 390)


def page_html(live: LiveTable, seat: int | None, lang: str) -> str:
    """The game's part of the table page, as the table page wraps it."""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<style>{CSS}</style></head><body class="table-page"><main>'
        f'<section id="game" class="game">{render_game(live, seat, lang)}</section>'
        "</main></body></html>"
    )


@pytest.fixture
def show(browser: Browser) -> Iterator[Callable[[LiveTable, int | None, str, int], Page]]:
    """Open a rendered page at a width; pages are closed after the test."""
    pages: list[Page] = []

    def open_page(live: LiveTable, seat: int | None, lang: str, width: int) -> Page:
        page = browser.new_page(viewport={"width": width, "height": 900})
        pages.append(page)
        page.set_content(page_html(live, seat, lang))
        return page

    yield open_page
    for page in pages:
        page.close()


def played(game_id: str, players: int, seed: int, steps: int | None = None) -> LiveTable:
    """A table after ``steps`` random moves (``None``: to the end)."""
    live = live_table(game_id, players, seed=seed)
    state: State = live.state
    rng = random.Random(seed)
    done = 0
    while not state.is_over and (steps is None or done < steps):
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        done += 1
    return live


def width(page: Page, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["width"])


# ------------------------------------------------------------------ Imhotep (8)


@pytest.mark.parametrize("px", WIDTHS)
def test_imhotep_sites_use_the_width_of_the_board(show: Callable[..., Page], px: int) -> None:
    """The sites sat in a narrow column beside wide empty space; now their grid fills the
    board, and the market (four cards) is wider than a single site where there is room."""
    page = show(played("imhotep", 4, 5, steps=20), 0, "en", px)
    board = page.locator('[data-testid="sites"]').locator("xpath=..")
    board_box = board.bounding_box()
    assert board_box is not None
    assert width(page, '[data-testid="sites"]') >= 0.9 * (board_box["width"] - 40)
    if px >= 1000:
        assert width(page, '[data-testid="site-market"]') > 1.5 * width(
            page, '[data-testid="site-pyramid"]'
        )


@pytest.mark.parametrize(("px", "lang"), [(1280, "en"), (390, "ja")])
def test_imhotep_end_panels_show_the_final_score_only(
    show: Callable[..., Page], px: int, lang: str
) -> None:
    """At the end the player panels kept the running score ("Score 20") beside the final
    37: now each panel shows the final score alone."""
    live = played("imhotep", 4, 5)
    page = show(live, 0, lang, px)
    label = "最終得点" if lang == "ja" else "Final score"
    for seat, final in enumerate(live.state.scores):
        panel = page.locator(f'[data-testid="player-{seat}"]').inner_text()
        assert f"{label} {final}" in " ".join(panel.split())
        assert ("得点 " if lang == "ja" else "Score ") not in panel.replace(label, "")


# ------------------------------------------------------------- Go Nuts for Donuts (9)

LONG_EFFECTS = ["cinnamon_twist", "sprinkled", "milk", "double_chocolate", "maple_bar", "coffee"]
"""The donuts whose effects are longest in either language (a 5-player row has six cards)."""


def overlaps(page: Page, one: str, other: str) -> bool:
    """Whether the boxes of two elements share any area."""
    a, b = page.locator(one).bounding_box(), page.locator(other).bounding_box()
    assert a is not None and b is not None
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


@pytest.mark.parametrize(("px", "lang"), [(1280, "en"), (390, "en"), (390, "ja")])
def test_go_nuts_badges_leave_names_readable_and_effects_stay_in_their_cards(
    show: Callable[..., Page], px: int, lang: str
) -> None:
    """ "×2" badges covered donut names ("Plai", "Glaze") and long effects spilled past the
    row's cards: now a badge sits beside the name and a card grows with its text."""
    live = live_table("go-nuts-for-donuts", 5, seed=2)
    live.state.arrange({0: {"plain": 3, "glazed": 2, "french_cruller": 1}}, row=LONG_EFFECTS)
    page = show(live, 0, lang, px)
    spills = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid="row"] .card')]
            .filter(card => card.scrollHeight > card.clientHeight + 1
                         || card.scrollWidth > card.clientWidth + 1)
            .map(card => card.dataset.donut)"""
    )
    assert spills == []
    for donut in ("plain", "glazed"):
        card = f'[data-testid="player-0"] [data-donut="{donut}"]'
        name = page.locator(f"{card} .card-face span").first
        assert name.evaluate("e => e.scrollWidth <= e.clientWidth + 1")
        assert not overlaps(page, f"{card} .card-face span >> nth=0", f"{card} .card-count")


@pytest.mark.parametrize("px", WIDTHS)
def test_go_nuts_end_screen_shows_its_breakdown_once(show: Callable[..., Page], px: int) -> None:
    """The end screen printed every player's breakdown twice (the table, then the same as
    text): now the table alone."""
    live = played("go-nuts-for-donuts", 3, 4)
    page = show(live, 0, "en", px)
    text = page.locator('[data-testid="game-root"]').inner_text()
    assert page.locator('[data-testid="sheet-0"]').count() == 1
    names = [f"Name{seat}" for seat in range(3)]
    for line in live.state.summary("en", names)[1:-1]:  # "Name0: 18 points (13 cards) — …"
        assert line.split(" — ")[1] not in text
    assert "Donut Holes" in page.locator('[data-testid="sheet-0"]').inner_text()


# ------------------------------------------------------------------ Just Desserts (11)


@pytest.mark.parametrize("px", WIDTHS)
def test_just_desserts_taste_icons_are_readable(show: Callable[..., Page], px: int) -> None:
    """Taste icons were 12 px on a phone, too small to tell apart: now at least 18 px on
    every guest and dessert card."""
    live = live_table("just-desserts", 3, seed=3)
    live.state.arrange({0: ["baked_alaska", "cheesecake", "fudge"]}, middle=["candice", "mojo"])
    page = show(live, 0, "en", px)
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.card .jd-taste > svg')]
            .map(icon => icon.getBoundingClientRect().width)"""
    )
    assert len(sizes) >= 8 and min(sizes) >= 18, sizes


# -------------------------------------------------------------------- Tarot Storia (12)


def visible_cards(page: Page, selector: str) -> list[str]:
    """The ``data-card`` of every element matching ``selector`` that is displayed."""
    found: list[str] = page.evaluate(
        """selector => [...document.querySelectorAll(selector)]
            .filter(e => getComputedStyle(e).display !== 'none')
            .map(e => e.dataset.card ?? '')""",
        selector,
    )
    return found


@pytest.mark.parametrize("px", WIDTHS)
def test_tarot_storia_shows_targets_for_the_card_being_placed_and_swaps_only_in_swap_mode(
    show: Callable[..., Page], px: int
) -> None:
    """While placing, every table card carried a "⇄ 2" beside the ghosts on every target.
    Now the picked card's ghosts show on the open places only, and its ⇄ on the table's
    cards only once the player chooses to swap (then the places stop glowing)."""
    live = live_table("tarot-storia", 1, seed=3)
    state = live.state
    rng = random.Random(3)
    for _ in range(6):
        state.apply(0, rng.choice([a for a in state.legal_actions(0) if a.TYPE == "place"]))
    first, second = state.view(0)["hand"]
    table = len(state.view(0)["table"])
    page = show(live, 0, "en", px)
    assert visible_cards(page, ".ts-swap") == []
    ghosts = visible_cards(page, ".ts-place")
    assert ghosts and set(ghosts) == {str(first)}
    page.locator(f'[data-testid="hand-card-{second}"]').click()
    assert set(visible_cards(page, ".ts-place")) == {str(second)}
    page.locator("#ts-mode-swap").check()
    assert visible_cards(page, ".ts-place") == [] and visible_cards(page, ".ts-open") == []
    assert visible_cards(page, ".ts-swap") == [str(second)] * table
