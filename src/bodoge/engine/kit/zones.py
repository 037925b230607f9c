"""Cards and zones: counted multisets, decks, what others know you hold, and one re-deal.

A game keeps its components in plain containers (lists of counts, lists of
ids) so that copies stay cheap (see :func:`bodoge.engine.state.container_fields`);
these functions are the few operations every game writes on them.

*Counted multisets.*  A hand or pile of interchangeable cards is a list of
counts, one per kind: ``hand[kind]`` copies of ``kind``.

>>> hand = counted([4, 6, 6], size=8)
>>> hand
[0, 0, 0, 0, 1, 0, 2, 0]
>>> take(hand, 6); hand, spread(hand)
([0, 0, 0, 0, 1, 0, 1, 0], [4, 6])
>>> take(hand, 5)
Traceback (most recent call last):
...
ValueError: no 5 to take (there are 0)

*Decks.*  A deck is a list whose end is its top; :func:`draw` takes from it
and, when a discard pile is given, shuffles that back in once it runs out.

*What others know you hold.*  ``known[kind]`` counts the cards of a hidden
hand that every player saw go into it (taken face up); :func:`lose` and
:func:`lose_unseen` keep it true when cards leave the hand.

*Re-dealing.*  :func:`redeal` re-deals everything one seat cannot see across
the zones that hide it, keeping what it knows and what the rules allow, in a
canonical order first, so that the result depends on what the seat knows and
on the generator only (the contract of ``State._redeal``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ..rng import Rng


def counted(items: Iterable[int], size: int) -> list[int]:
    """The counts of ``items`` (kinds ``0..size-1``): a counted multiset."""
    counts = [0] * size
    for kind in items:
        counts[kind] += 1
    return counts


def spread(counts: Sequence[int]) -> list[int]:
    """The kinds of a counted multiset, each as often as it is held, in order."""
    return [kind for kind, count in enumerate(counts) for _ in range(count)]


def take(counts: list[int], kind: int, number: int = 1) -> None:
    """Remove ``number`` of ``kind``; refuse (``ValueError``, nothing changed) if short."""
    if counts[kind] < number:
        raise ValueError(f"no {kind} to take (there are {counts[kind]})")
    counts[kind] -= number


def draw(
    deck: list[int],
    number: int,
    discard: list[int] | None = None,
    rng: Rng | None = None,
) -> list[int]:
    """Take up to ``number`` cards from the top (the end) of ``deck``, top card first.

    With a ``discard`` pile and a generator, an empty deck is first refilled
    from the discards, sorted then shuffled (the pile's order never matters);
    otherwise an empty deck gives nothing more.

    >>> deck = [1, 2, 3]
    >>> draw(deck, 2), deck
    ([3, 2], [1])
    >>> draw(deck, 5)
    [1]
    >>> pile = [9, 8]
    >>> sorted(draw(deck, 3, pile, Rng(1))), deck, pile
    ([8, 9], [], [])
    """
    drawn: list[int] = []
    while len(drawn) < number:
        if not deck:
            if not discard or rng is None:
                break
            deck += sorted(discard)
            discard.clear()
            rng.shuffle(deck)
        drawn.append(deck.pop())
    return drawn


def lose(known: list[int], kind: int, number: int = 1) -> None:
    """A hand lost ``number`` cards of ``kind`` in public: others know as many fewer are there.

    >>> known = [0, 2, 1]
    >>> lose(known, 1); lose(known, 2, 3); known
    [0, 1, 0]
    """
    known[kind] = max(0, known[kind] - number)


def lose_unseen(known: list[int], number: int = 1) -> None:
    """A hand lost ``number`` cards nobody else saw: each known count is trusted that much less.

    >>> known = [0, 2, 1]
    >>> lose_unseen(known); known
    [0, 1, 0]
    """
    for kind, count in enumerate(known):
        if count:
            known[kind] = max(0, count - number)


@dataclass
class Zone:
    """One place holding cards a seat cannot see, for :func:`redeal`.

    ``cards`` is the zone's list itself (re-dealt in place).  ``keep`` lists
    the cards the seat knows are in it (they stay); ``fits`` says which cards
    the zone may hold (a suit shown void, a critter already out);
    ``ordered`` keeps the dealt order (a deck) instead of sorting (a hand).
    A counted hand takes part through :meth:`counts`.
    """

    cards: list[int]
    keep: Sequence[int] = ()
    fits: Callable[[int], bool] | None = None
    ordered: bool = False
    _counts: list[int] | None = field(default=None, repr=False)

    @classmethod
    def counts(
        cls,
        counts: list[int],
        known: Sequence[int] | None = None,
        fits: Callable[[int], bool] | None = None,
    ) -> Zone:
        """A counted hand (and the part of it others know) as a zone; written back by redeal."""
        keep = [] if known is None else spread(known)
        return cls(spread(counts), keep, fits, _counts=counts)

    def unknown(self) -> list[int]:
        rest = list(self.cards)
        for card in self.keep:
            rest.remove(card)
        return rest

    def fill(self, dealt: list[int]) -> None:
        cards = list(self.keep) + dealt
        if self._counts is not None:
            counts = self._counts
            counts[:] = [0] * len(counts)
            for kind in cards:
                counts[kind] += 1
        self.cards[:] = cards if self.ordered else sorted(cards)


def redeal(zones: Sequence[Zone], rng: Rng) -> None:
    """Re-deal the unknown cards of ``zones`` among them at random, each keeping its size.

    The unknown cards are pooled and sorted (so their true places never
    matter), shuffled with ``rng`` and dealt zone by zone.  When some zone
    refuses some card (``fits``), cards go to the first free place that may
    hold them in a shuffled order of places, moving earlier cards along
    augmenting paths when none is free: a fitting deal is always found when
    one exists (the true one does).

    >>> deck, hand = [5, 1, 3], [2, 4]
    >>> redeal([Zone(deck, ordered=True), Zone(hand, keep=[4])], Rng(2))
    >>> sorted(deck + hand), 4 in hand, len(deck), len(hand)
    ([1, 2, 3, 4, 5], True, 3, 2)
    >>> odd_only = Zone([2, 3], fits=lambda card: card % 2 == 1)
    >>> redeal([odd_only, Zone([1, 4])], Rng(5)); odd_only.cards
    [1, 3]
    """
    needs = []
    pool: list[int] = []
    for zone in zones:
        unknown = zone.unknown()
        needs.append(len(unknown))
        pool += unknown
    pool.sort()
    rng.shuffle(pool)
    if all(zone.fits is None for zone, need in zip(zones, needs, strict=True) if need):
        position = 0
        for zone, need in zip(zones, needs, strict=True):
            zone.fill(pool[position : position + need])
            position += need
        return
    dealt = _fitting_deal(pool, zones, needs, rng)
    for zone, cards in zip(zones, dealt, strict=True):
        zone.fill(cards)


def _fitting_deal(
    cards: list[int], zones: Sequence[Zone], needs: list[int], rng: Rng
) -> list[list[int]]:
    """Bipartite matching of cards to places (Kuhn's augmenting paths)."""
    slots = [z for z, need in enumerate(needs) for _ in range(need)]
    rng.shuffle(slots)
    holder = [-1] * len(slots)

    def fits(card: int, slot: int) -> bool:
        test = zones[slots[slot]].fits
        return test is None or test(card)

    def place(index: int, seen: set[int]) -> bool:
        card = cards[index]
        for slot in range(len(slots)):
            if slot in seen or not fits(card, slot):
                continue
            seen.add(slot)
            if holder[slot] < 0 or place(holder[slot], seen):
                holder[slot] = index
                return True
        return False

    for index, card in enumerate(cards):
        free = next((s for s in range(len(slots)) if holder[s] < 0 and fits(card, s)), None)
        if free is not None:
            holder[free] = index
        elif not place(index, set()):
            raise ValueError("no deal of the unseen cards fits what the seat knows")
    dealt: list[list[int]] = [[] for _ in zones]
    for slot, index in enumerate(holder):
        dealt[slots[slot]].append(cards[index])
    return dealt
