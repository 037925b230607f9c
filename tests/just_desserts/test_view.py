"""Just Desserts' browser table, rendered in process: every legal action is clickable on
the component it concerns and listed as a button; nobody sees another's hand."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from bodoge.engine import Action
from bodoge.games.just_desserts import (
    AddDessert,
    AllowPoach,
    ChooseGuest,
    DrawDessert,
    Serve,
    StartBuffet,
    StartSwap,
)
from bodoge.games.just_desserts.bot import HeuristicBot
from bodoge.server.render import render_game
from viewkit import Step, live_table, play_and_check_every_page


def heuristic_mostly(step: Step) -> tuple[int, Action]:
    """Mostly the heuristic (random tables take hundreds of steps), sometimes anything."""
    state, rng = step.state, step.rng
    seat = rng.choice(state.to_act)
    if rng.random() < 0.25:
        return seat, rng.choice(state.legal_actions(seat))
    return seat, HeuristicBot(state.version).choose(state, seat)


@pytest.mark.parametrize("players", [2, 3])
def test_every_action_is_on_its_component_and_listed(players: int) -> None:
    kinds = set()
    for seed in range(2):
        kinds |= play_and_check_every_page(
            "just-desserts", players, seed + 10 * players, choose=heuristic_mostly
        )
    assert {"guest", "add", "serve", "end_turn"} <= kinds


def test_table_shows_guests_tastes_and_what_the_plate_satisfies() -> None:
    """Each guest with wants, refusals and favourite; SVG taste icons; the plate's check."""
    live = live_table("just-desserts", 2, seed=3)
    state = live.state
    state.arrange({0: ["cherry_pie", "vanilla_ice_cream"]}, middle=["granny", "professor"])
    state.apply(0, ChooseGuest("granny"))
    state.apply(0, AddDessert("cherry_pie"))
    html = render_game(live, 0, "en")
    assert 'href="#jd-taste-ice_cream"' in html and 'data-testid="missing"' in html
    assert "Apple pie à la mode" in html and "refuses" in html
    other = render_game(live, 1, "ja")
    assert 'data-testid="dessert-cherry_pie"' not in other  # the plate is hidden
    state.apply(0, AddDessert("vanilla_ice_cream"))
    assert 'data-testid="satisfied"' in render_game(live, 0, "ja")


class _WonByColour(HTMLParser):
    """Each player's served guests as the page groups them: seat → colour → guest ids."""

    def __init__(self) -> None:
        super().__init__()
        self.found: dict[int, dict[str, list[str]]] = {}
        self._seat, self._colour, self._depth = -1, "", 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "div":
            if self._seat >= 0:
                self._depth += 1
            testid = a.get("data-testid") or ""
            if testid.startswith("won-"):
                self._seat, self._depth = int(testid[4:]), 1
                self.found[self._seat] = {}
            elif self._seat >= 0 and a.get("data-colour"):
                self._colour = a["data-colour"] or ""
                self.found[self._seat][self._colour] = []
        elif self._colour and a.get("data-guest"):
            self.found[self._seat][self._colour].append(a["data-guest"] or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._seat >= 0:
            self._depth -= 1
            if self._depth <= 1:  # a colour group closed (or the whole list)
                self._colour = ""
            if self._depth == 0:
                self._seat = -1


def won_by_colour(html: str) -> dict[int, dict[str, list[str]]]:
    parser = _WonByColour()
    parser.feed(html)
    return parser.found


def test_the_end_screen_lists_each_players_guests_by_colour() -> None:
    """A known final position: three blue guests win; every served guest under its colour."""
    live = live_table("just-desserts", 2, seed=3)
    state = live.state
    state.arrange(
        {0: ["apple_pie_a_la_mode"]},
        middle=["granny", "fuzzy"],
        won={0: ["mojo", "inga", "mary_ann"], 1: ["agent_17", "candice", "little_girl"]},
    )
    state.apply(0, ChooseGuest("granny"))
    state.apply(0, AddDessert("apple_pie_a_la_mode"))
    state.apply(0, Serve())
    assert state.is_over and state.winners == (0,)
    expected = {
        0: {"blue": ["mojo", "mary_ann", "granny"], "green": ["inga"]},
        1: {"red": ["agent_17", "little_girl"], "purple": ["candice"]},
    }
    for viewer, lang in ((None, "en"), (1, "ja")):
        assert won_by_colour(render_game(live, viewer, lang)) == expected
    en, ja = render_game(live, 0, "en"), render_game(live, None, "ja")
    assert "Blue ×3" in en and "Red ×2" in en and "青 ×3" in ja
    assert "Name0: Blue: Mojo, Mary Ann, Granny · Green: Inga (4 points" in en
    assert "Name1: Red: Agent 17, The Little Girl · Purple: Candice (4 points" in en


def test_a_stuck_game_says_why_it_stopped() -> None:
    """Not a rule: the end screen says that nobody could serve any more, in ja and en."""
    live = live_table("just-desserts", 2, seed=3, status="over")
    state = live.state
    hands = {0: ["cheesecake"], 1: ["cherry_pie"]}
    state.arrange(hands, middle=["boston_guy"], guest_deck_size=0, deck_size=0)
    state.discard.clear()  # the other desserts are out of this game
    state.apply(0, DrawDessert())
    assert state.stopped
    english = render_game(live, 0, "en")
    assert "nobody can serve any guest" in english and "limit of 400 turns" not in english
    assert "誰もどのお客さんにも給仕できません" in render_game(live, None, "ja")


BUFFET = {"advanced": True, "buffet": True}
SINGLES = ["cheesecake", "fudge", "creme_brulee", "fruit_salad"]


def test_the_prompt_names_the_buffet_only_with_a_button_or_a_reason() -> None:
    """Issue 34 (11): the prompt named the buffet with no button and no reason.  Now: with
    the buffet on and four single-taste desserts, a buffet button; with fewer, the reason
    (and the count); without the buffet option, no word of it."""
    live = live_table("just-desserts", 2, seed=1, options=BUFFET)
    live.state.arrange({0: [*SINGLES[:3], "cherry_pie"]}, middle=["candice"])
    html = render_game(live, 0, "en")
    assert 'data-testid="do-buffet"' not in html
    assert "A buffet needs four single-taste desserts in your hand (you have 3)." in html
    assert "ビュッフェには味が1つだけのデザートが4枚必要です（いま3枚）" in render_game(
        live, 0, "ja"
    )
    live.state.arrange({0: SINGLES}, middle=["candice"])
    html = render_game(live, 0, "en")
    assert 'data-testid="do-buffet">Open a buffet' in html and "buffet-why" not in html
    assert "or open a buffet" in html
    plain = live_table("just-desserts", 2, seed=1)
    plain.state.arrange({0: SINGLES}, middle=["candice"])
    assert "buffet" not in render_game(plain, 0, "en").split('data-testid="prompt"')[0].lower()


def test_one_point_is_one_point() -> None:
    """ "1 points": a count of one is singular in English."""
    live = live_table("just-desserts", 2, seed=1)
    live.state.arrange({0: ["cheesecake"]}, middle=["candice"], won={1: ["fuzzy"]})
    html = render_game(live, 0, "en")
    assert "<span>1 point</span>" in html and "1 points" not in html
    assert "<span>0 points</span>" in html


def test_the_hand_legend_follows_the_step_and_the_log_names_the_poacher() -> None:
    """A buffet or a swap is no serving: the hand's hint says what to choose there.  A
    poach the victim allowed names who poached, not only from whom."""
    live = live_table("just-desserts", 2, seed=1, options=BUFFET)
    live.state.arrange({0: SINGLES}, middle=["candice"])
    assert "adds a taste still wanted" in render_game(live, 0, "en")
    live.state.apply(0, StartBuffet())
    legend = "Only you see your hand. You can choose single-taste desserts."
    page = render_game(live, 0, "en")
    assert legend in page and "adds a taste still wanted" not in page
    assert "選べるのは味が1つだけのデザートです" in render_game(live, 0, "ja")
    swap = live_table("just-desserts", 2, seed=1)
    swap.state.arrange({0: SINGLES}, middle=["candice"])
    swap.state.apply(0, StartSwap())
    assert "Choose any desserts to swap away." in render_game(swap, 0, "en")
    assert "入れ替えるデザートを何枚でも選べます" in render_game(swap, 0, "ja")

    poach = live_table("just-desserts", 2, seed=1, options={"advanced": True})
    poach.state.arrange(
        {0: ["cherry_pie", "vanilla_ice_cream", "fudge"], 1: []},
        middle=["inga"],
        won={1: ["granny"]},
    )
    poach.state.apply(0, ChooseGuest("granny"))
    for dessert in ("cherry_pie", "vanilla_ice_cream"):
        poach.state.apply(0, AddDessert(dessert))
    poach.state.apply(0, Serve())
    poach.state.apply(1, AllowPoach())
    assert "Name0 poached Granny from Name1" in render_game(poach, 0, "en")
    assert "Name0がName1のおばあちゃんを引き抜いた" in render_game(poach, 1, "ja")
