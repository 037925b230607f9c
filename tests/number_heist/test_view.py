"""The two-digit number game's browser table, rendered in process: every legal action is
clickable on the component it concerns and listed as a button; nobody sees another's number."""

from __future__ import annotations

import random
import re

import pytest

from bodoge.engine import State
from bodoge.games.number_heist import CallNumber, NumberHeistState, PlaceDiamond
from bodoge.server.live import LiveTable
from bodoge.server.render import render_game
from viewkit import live_table, play_and_check_every_page


def every_fifth_version_and_every_diamond(state: State) -> bool:
    """The diamond phase is short and rare: it is checked whenever it comes."""
    assert isinstance(state, NumberHeistState)
    return state.version % 5 == 0 or state.phase == "diamond"


@pytest.mark.parametrize("players", [2, 5])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds: set[str] = set()
    kinds |= play_and_check_every_page(
        "number-heist",
        players,
        10 * players,
        pages_every=every_fifth_version_and_every_diamond,
        watchers_every=every_fifth_version_and_every_diamond,
    )
    assert {"call", "diamond"} <= kinds


def test_nobody_sees_anothers_number_before_the_reveal() -> None:
    live = live_table("number-heist", 3, seed=4)
    state = live.state
    assert isinstance(state, NumberHeistState)
    state.arrange([1, 2, 3, 4, 5, 6])
    state.apply(0, CallNumber(46))
    own = render_game(live, 0, "en")
    assert 'data-testid="my-number">46<' in own and "Waiting for the others" in own
    for other in (None, 1, 2):
        html = render_game(live, other, "en")
        assert 'data-testid="my-number"' not in html
        assert "made 46" not in html and "46を作った" not in render_game(live, other, "ja")
    assert 'data-testid="status-0"' in render_game(live, 1, "en")


def test_the_example_round_is_explained_and_the_diamond_goes_on_a_card() -> None:
    live = live_table("number-heist", 4, seed=2)
    state = live.state
    assert isinstance(state, NumberHeistState)
    state.arrange([1, 0, 3, 1, 7, 9, 2, 5], top=[4, 4, 6, 6, 8, 8])
    for seat, number in enumerate([10, 31, 71, 79]):
        state.apply(seat, CallNumber(number))
    html = render_game(live, 3, "en")
    assert "put a diamond on a displayed card" in html
    assert 'data-testid="card-0"' in html and "Put a diamond on card 1" in html
    assert "failed (a card was gone)" in html and "+2 (success 1 · largest +1)" in html
    ja = render_game(live, 0, "ja")
    assert "失敗（カードがない）" in ja and "ダイヤを置くカードを選んでいます" in ja
    state.apply(3, PlaceDiamond(6))
    html = render_game(live, 0, "en")
    assert 'data-digit="2" data-diamonds="1"' in html


def test_the_track_shows_zones_markers_and_the_tie_break() -> None:
    live = live_table("number-heist", 3, seed=3)
    state = live.state
    assert isinstance(state, NumberHeistState)
    state.arrange([1, 2, 3, 4, 5, 6], points=[9, 7, 9], markers=(True, False))
    html = render_game(live, None, "en")
    assert "a success here scores 2" in html and "nobody has reached 8 yet" in html
    assert 'class="zone-band bottom"' in html
    for seat, number in enumerate([12, 56, 34]):
        state.apply(seat, CallNumber(number))
    html = render_game(live, 1, "en")
    assert "the larger successful number wins" in html and 'data-testid="winners"' in html
    assert "not available" in html and "provisional" in html.lower()


def test_the_rules_panel_states_the_two_rulings_in_both_languages() -> None:
    """Issue 34 (6): the engine's two rulings are said where players read the rules: the
    taker of a digit shown on several cards gets the one with the most diamonds, and a
    marker first reached during a round counts from the next round."""
    live = live_table("number-heist", 3, seed=1)
    en = render_game(live, 0, "en")
    assert (
        "when several displayed cards show a digit taken, the taker gets the one with the "
        "most diamonds" in en
    )
    assert (
        "a marker that first comes into play during a round is placed at once but counts "
        "from the next round" in en
    )
    ja = render_game(live, 0, "ja")
    assert "ダイヤの最も多いカードを取ります" in ja and "効果は次のラウンドから" in ja


def _round_under_both_markers() -> LiveTable:
    """Seat 0 at 8 (the top marker's track), seat 1 at 0 (the bottom marker's): every
    number succeeds; seat 0's success scores 0, seats 1 and 2 (below 5) score 2."""
    live = live_table("number-heist", 3, seed=4)
    state = live.state
    state.arrange([1, 2, 3, 4, 5, 6], points=[8, 0, 3])
    for seat, number in enumerate([12, 34, 56]):
        state.apply(seat, CallNumber(number))
    gains = [entry["gains"]["success"] for entry in state.view(None)["last_round"]]
    assert gains == [0, 2, 2]
    return live


def test_a_success_that_scores_nothing_is_explained_in_the_reveal_row() -> None:
    """Issue 34 (10): a success on the top marker's track showed a bare "+0"; the reveal row
    now says why (and a bottom-marker success says why it scores 2)."""
    live = _round_under_both_markers()
    en = render_game(live, 1, "en")
    assert re.search(r'data-testid="gains-0">\s*\+0 \(success 0: the top marker&#39;s track', en)
    assert "success 2: the bottom marker&#39;s track scores 2" in en
    ja = render_game(live, 1, "ja")
    assert "トップマーカーのトラックでは成功は0点" in ja


def test_the_winners_headline_is_printed_once() -> None:
    """The banner said "X reached 10 points and wins!" and the summary below said it again."""
    live = live_table("number-heist", 3, seed=2)
    state = live.state
    rng = random.Random(2)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    headline = state.summary("en", [f"Name{s}" for s in range(3)])[0]
    assert headline.endswith("points and wins!")
    html = render_game(live, 0, "en")
    assert html.count(headline) == 1
    assert "The last round:" in html  # the rest of the summary stays
