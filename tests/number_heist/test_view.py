"""The two-digit number game's browser table, rendered in process: every legal action is
clickable on the component it concerns and listed as a button; nobody sees another's number."""

from __future__ import annotations

import pytest

from bodoge.engine import State
from bodoge.games.number_heist import CallNumber, NumberHeistState, PlaceDiamond
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
