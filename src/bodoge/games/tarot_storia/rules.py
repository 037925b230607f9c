"""The rules of Tarot Storia: tell the king a story, low numbers first, colours together.

A round: every player draws one card; then, in turn, a player draws a card
(while the deck has one) and either places a card from hand touching the
layout, or swaps a hand card for a placed card (only while the deck still
has cards), after which that player's next turn places two cards.  When
every hand is empty the layout is scored (:func:`.layout.score`).  A round 1
above 0 earns the encore: a column chosen by the start player stays (its
face-down cards leave the game, its holes close up), every other card is
shuffled into a new deck and a second round is played around it.

The layout is a mapping from a place to a card (see :mod:`.layout`), kept
normalised.  See the package docstring for the rulings applied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, Outcome, Rng
from ...engine.kit import Phase, Rules, Zone, draw, expect, explains, plays, redeal
from .actions import Keep, Place, Swap
from .data import CARDS, COLUMN_LIMIT, ROUNDS, START_HAND
from .layout import close_up, column_counts, normalise, open_places, score
from .text import summary_lines
from .vocabulary import PHASES

PLAY, KEEP, OVER = PHASES


class TarotStoriaState(Rules):
    """A game of Tarot Storia in progress (one player, or two together)."""

    PHASES: ClassVar[Mapping[str, Phase]] = {
        PLAY: Phase((Place, Swap), "it is your turn: place a card or swap one"),
        KEEP: Phase((Keep,), "round 1 is over: choose the column to keep for the encore"),
    }

    deck: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    placed: dict[tuple[int, int], int]
    removed: list[int]
    owes_two: list[bool]
    round_scores: list[int]
    scorings: list[dict[str, Any]]
    layouts: list[list[list[int]]]

    def _setup(self) -> None:
        n = self.num_players
        self.limit = COLUMN_LIMIT[n]
        table = self.table()
        self.places = table.of(Place)
        self.swaps = table.of(Swap)
        self.keeps = table.of(Keep)
        self.deck = list(CARDS)
        self.rng.shuffle(self.deck)  # the top of the deck is the end
        self.hands = [[] for _ in range(n)]
        self.known = [[] for _ in range(n)]
        """Cards in each hand that everybody knows are there (taken back by a swap)."""
        self.placed = {}
        self.removed = []
        """Face-down cards of the kept column: out of the game (everyone may look)."""
        self.owes_two = [False] * n
        """A seat that swapped places two cards on its next turn."""
        self.round = 1
        self.round_scores = []
        self.scorings = []
        """Each scored round's three steps (:meth:`.layout.Scoring.to_json`)."""
        self.layouts = []
        """Each scored round's layout as ``[col, y, card]`` (the end screen redraws it)."""
        self.phase = PLAY
        self.current = 0
        self.to_place = 0
        """Cards the current player still places this turn (2 after a swap, else 1)."""
        self.swapping = False
        """Whether the current player may still swap this turn."""
        self._deal()
        self._start_turn(0, {})

    # ------------------------------------------------------------ turn order

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def _deal(self) -> None:
        for hand in self.hands:
            hand.extend(draw(self.deck, START_HAND))
            hand.sort()

    def _start_turn(self, seat: int, public: dict[str, Any]) -> dict[int, dict[str, Any]]:
        """``seat`` or the next player with a card to play draws, then decides; else score.

        Returns the private facts (the card drawn, for the drawer's eyes only).
        """
        n = self.num_players
        for step in range(n):
            player = (seat + step) % n
            if self.hands[player] or self.deck:
                break
        else:
            self._end_round(public)
            return {}
        self.current = player
        private: dict[int, dict[str, Any]] = {}
        drawn = draw(self.deck, 1)
        if drawn:
            self.hands[player].append(drawn[0])
            self.hands[player].sort()
            public["draws"] = player
            private[player] = {"drew": drawn[0]}
        self.to_place = 2 if self.owes_two[player] else 1
        self.swapping = not self.owes_two[player] and bool(self.deck) and bool(self.placed)
        self.owes_two[player] = False
        return private

    def _next_turn(self, public: dict[str, Any]) -> dict[int, dict[str, Any]]:
        return self._start_turn((self.current + 1) % self.num_players, public)

    def _end_round(self, public: dict[str, Any]) -> None:
        """Every hand is empty: score the layout; the encore or the end."""
        result = score(self.placed)
        self.round_scores.append(result.total)
        self.scorings.append(result.to_json())
        self.layouts.append([[col, y, card] for (col, y), card in sorted(self.placed.items())])
        public["round_score"] = result.total
        self.current = 0
        if self.round < ROUNDS and result.total > 0:
            self.phase = KEEP
            public["encore"] = True
        else:
            self.phase = OVER
            public["game_over"] = True

    # ---------------------------------------------------------------- legality

    def _legal(self, seat: int) -> list[Action]:
        if self.phase == KEEP:
            keeps = self.keeps
            return [keeps[col] for col in sorted(column_counts(self.placed))]
        places, hand = self.places, self.hands[seat]
        spots = open_places(self.placed, self.limit)
        legal: list[Action] = [places[card, col, y] for card in hand for col, y in spots]
        if self.swapping:
            swaps = self.swaps
            table = sorted(self.placed.values())
            legal += [swaps[card, taken] for card in hand for taken in table]
        return legal

    @explains(Place)
    def _why_not_place(self, seat: int, action: Place) -> str:
        if action.card not in self.hands[seat]:
            return f"card {action.card} is not in your hand {self.hands[seat]}"
        place = (action.col, action.y)
        if place in self.placed:
            return f"card {self.placed[place]} already lies at {place}"
        if column_counts(self.placed).get(action.col, 0) >= self.limit:
            return f"column {action.col + 1} already holds {self.limit} cards, its limit"
        return f"{place} touches no card on the table (a new card must touch one)"

    @explains(Swap)
    def _why_not_swap(self, seat: int, action: Swap) -> str:
        if action.card not in self.hands[seat]:
            return f"card {action.card} is not in your hand {self.hands[seat]}"
        if action.taken not in self.placed.values():
            return f"card {action.taken} is not on the table"
        if self.to_place == 2:
            return "after a swap your next turn places two cards: no swap now"
        return "the deck is empty: no more swaps (every card left in hand must be placed)"

    # ------------------------------------------------------------------- play

    @plays(Place)
    def _place(self, seat: int, action: Place) -> Outcome:
        public: dict[str, Any] = {}
        self.hands[seat].remove(action.card)
        if action.card in self.known[seat]:
            self.known[seat].remove(action.card)
        layout = dict(self.placed)
        layout[action.col, action.y] = action.card
        self.placed = normalise(layout)
        self.to_place -= 1
        self.swapping = False
        private: dict[int, dict[str, Any]] = {}
        if self.to_place and self.hands[seat]:
            public["again"] = True
        else:
            private = self._next_turn(public)
        return Outcome(public, private)

    @plays(Swap)
    def _swap(self, seat: int, action: Swap) -> Outcome:
        public: dict[str, Any] = {}
        where = next(place for place, card in self.placed.items() if card == action.taken)
        self.placed[where] = action.card
        hand = self.hands[seat]
        hand.remove(action.card)
        hand.append(action.taken)
        hand.sort()
        if action.card in self.known[seat]:
            self.known[seat].remove(action.card)
        self.known[seat].append(action.taken)
        self.known[seat].sort()
        self.owes_two[seat] = True
        private = self._next_turn(public)
        return Outcome(public, private)

    @plays(Keep)
    def _keep(self, seat: int, action: Keep) -> Outcome:
        """Keep one column: its face-down cards leave the game, the rest make the new deck."""
        down = set(self.scorings[-1]["off_route"]) | {c for c, _ in self.scorings[-1]["smaller"]}
        column = [(y, card) for (col, y), card in self.placed.items() if col == action.col]
        self.removed = sorted(card for _, card in column if card in down)
        kept = [(y, card) for y, card in column if card not in down]
        self.placed = close_up(kept)
        self.deck = sorted(
            card
            for card in CARDS
            if card not in self.removed and (card not in self.placed.values())
        )
        self.rng.shuffle(self.deck)
        self.round = 2
        self.phase = PLAY
        self._deal()
        public: dict[str, Any] = {"kept": [c for _, c in sorted(kept)], "removed": self.removed}
        private = self._start_turn(0, public)
        return Outcome(public, private)

    # ---------------------------------------------------- checks and positions

    def check_conservation(self) -> None:
        """Each of the 22 cards is in exactly one place: deck, a hand, the table or out."""
        every = self.deck + [c for hand in self.hands for c in hand] + self.removed
        every += list(self.placed.values())
        expect(sorted(every) == list(CARDS), f"cards {sorted(every)}")
        counts = column_counts(self.placed)
        expect(all(count <= self.limit for count in counts.values()), f"columns {counts}")
        expect(all(set(k) <= set(h) for k, h in zip(self.known, self.hands, strict=True)), "known")
        expect(all((col - y) % 2 == 0 for col, y in self.placed), f"places {list(self.placed)}")
        expect(self.placed == normalise(self.placed), "the layout is not normalised")

    def arrange(
        self,
        placed: Mapping[tuple[int, int], int] | None = None,
        hands: Sequence[Sequence[int]] | None = None,
        top: Sequence[int] = (),
        deck_size: int | None = None,
        owes_two: Sequence[int] = (),
        round: int | None = None,
        round_scores: Sequence[int] = (),
    ) -> TarotStoriaState:
        """Set up a position for a test or a puzzle, at the start of seat 0's turn; returns it.

        ``placed`` maps places to cards (normalised here); ``hands`` gives
        every hand *before* the turn's draw; ``top`` the deck's next cards,
        top first, the other cards lying under them in order, cut to
        ``deck_size`` cards in all if given (the cards cut away are out of
        the game: ``removed``).  Seats in ``owes_two`` swapped on their last
        turn.  ``round`` 2 with ``round_scores`` sets up the encore.  Seat 0
        then draws and decides.

        >>> from bodoge.games.tarot_storia import GAME
        >>> state = GAME.new_game(1, seed=1).arrange({(0, 0): 5}, hands=[[3]], top=[8])
        >>> state.hands[0], len(state.legal_actions(0))
        ([3, 8], 14)
        """
        self.placed = normalise(dict(placed or {}))
        self.hands = [sorted(h) for h in (hands or [[] for _ in range(self.num_players)])]
        self.known = [[] for _ in range(self.num_players)]
        used = set(self.placed.values()) | {c for h in self.hands for c in h} | set(top)
        rest = [card for card in CARDS if card not in used]
        under = rest if deck_size is None else rest[: max(0, deck_size - len(top))]
        self.deck = under + list(top)[::-1]  # the top of the deck is the end
        self.removed = sorted(set(rest) - set(under))
        self.owes_two = [seat in owes_two for seat in range(self.num_players)]
        if round is not None:
            self.round = round
        self.round_scores = list(round_scores)
        self.phase = PLAY
        self._start_turn(0, {})
        return self

    # ------------------------------------------------------- hidden information

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle the deck with every card in another player's hand that is not known there."""
        zones = [Zone(self.deck, ordered=True)]
        zones += [
            Zone(self.hands[other], keep=self.known[other])
            for other in range(self.num_players)
            if other != seat
        ]
        redeal(zones, rng)

    # ------------------------------------------------------------ scoring

    @property
    def scores(self) -> tuple[int, ...]:
        """The shared score: the rounds scored so far (round 1 + round 2 once over)."""
        return (sum(self.round_scores),) * self.num_players

    @property
    def winners(self) -> tuple[int, ...]:
        """Co-operative: every seat once the king granted the encore, none after a game over."""
        if self.phase != OVER or self.round_scores[0] <= 0:
            return ()
        return tuple(range(self.num_players))

    def summary(self, lang: str = "en", names: Sequence[str] | None = None) -> list[str]:
        if self.phase != OVER:
            return []
        return summary_lines(self.round_scores, self.scorings, self.num_players, lang)
