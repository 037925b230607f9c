"""Regret matching at the nodes where several seats choose at once, in secret.

At such a node a seat cannot see what the others chose, and the others
cannot see its choice: a matrix game played inside the tree.  UCB would
settle on the best reply to what the others played most lately, and a
fixed reply is what an opponent exploits (or, between copies of one bot,
a collision).  Regret matching plays each action in proportion to how much
it would have gained, summed over the visits so far, over what was played;
in self-play its *average* strategy tends to an equilibrium of the matrix
game, the mix no seat can exploit (Hart and Mas-Colell, 2000; in tree
search, Lanctot, Lisý and Winands' simultaneous-move MCTS, 2013).

The reward of only the action played is seen, so every action's is
estimated from a baseline, the mean reward it earned at the node so far,
corrected for the action played by its surprise over the probability it
was played with (an unbiased estimate whose variance the baseline keeps
small: Schmid et al.'s variance-reduced outcome sampling, 2019; importance
weighting alone makes a lucky rare draw swamp a node of a few hundred
visits).  A share :data:`EXPLORATION` of the draws is uniform so that every
probability stays away from zero.  Before any regret is positive the node
plays ``prior`` (the game's strategy's advice, as counted at the node) or,
without one, uniformly.  The bot plays a draw from the average strategy
with its rare actions (below :data:`PURIFY`) left out: what a few hundred
visits leave there is mostly the early, unlearnt play.

>>> regret, average = {}, {}
>>> mix = strategy(regret, ["a", "b"], {})
>>> mix
{'a': 0.5, 'b': 0.5}
>>> learn(regret, average, mix, ["a", "b"], "a", 1.0, {"b": 0.0})
>>> strategy(regret, ["a", "b"], {})["a"]
1.0
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..engine import Action
from ..engine.kit import draw_index

EXPLORATION = 0.1
"""Share of a simultaneous node's draws made uniformly (regret matching's exploration)."""
PURIFY = 0.1
"""Share of the average strategy below which the bot does not play an action."""


def strategy(
    regret: Mapping[Action, float], legal: Sequence[Action], prior: Mapping[Action, int]
) -> dict[Action, float]:
    """The regret-matching mix over ``legal``: positive regrets normalised, else ``prior``."""
    positive = {action: max(0.0, regret.get(action, 0.0)) for action in legal}
    total = sum(positive.values())
    if total <= 0.0:
        positive = {action: float(prior.get(action, 0)) for action in legal}
        total = sum(positive.values())
    if total <= 0.0:
        return dict.fromkeys(legal, 1.0 / len(legal))
    return {action: weight / total for action, weight in positive.items()}


def explored(mix: Mapping[Action, float], exploration: float) -> dict[Action, float]:
    """``mix`` with a share ``exploration`` of it spread uniformly."""
    even = exploration / len(mix)
    return {action: (1.0 - exploration) * share + even for action, share in mix.items()}


def sample(mix: Mapping[Action, float], rng: random.Random) -> Action:
    """An action drawn from ``mix``."""
    actions = list(mix)
    return actions[draw_index([mix[action] for action in actions], rng)]


def learn(
    regret: dict[Action, float],
    average: dict[Action, float],
    mix: Mapping[Action, float],
    legal: Sequence[Action],
    played: Action,
    reward: float,
    baseline: Mapping[Action, float],
    exploration: float = EXPLORATION,
) -> None:
    """Count one visit: ``played`` (drawn from ``mix`` explored) earned ``reward``.

    Each legal action's reward is estimated by its ``baseline`` (the mean
    it earned here before; the reward itself for an action never played),
    plus, for ``played``, the reward's excess over its baseline divided by
    the chance it was drawn with; its regret grows by that estimate less
    the estimated value of ``mix``, which the average strategy adds.
    """
    chance = explored(mix, exploration)[played]
    estimates = {}
    for action in legal:
        base = baseline.get(action, reward)
        surprise = (reward - base) / chance if action == played else 0.0
        estimates[action] = base + surprise
    value = sum(mix.get(action, 0.0) * estimates[action] for action in legal)
    for action in legal:
        regret[action] = regret.get(action, 0.0) + estimates[action] - value
        average[action] = average.get(action, 0.0) + mix.get(action, 0.0)


def average_draw(
    average: Mapping[Action, float], legal: Sequence[Action], rng: random.Random
) -> Action | None:
    """A draw from the average strategy over ``legal``, leaving out the actions below
    :data:`PURIFY` of it; ``None`` when it holds none of them."""
    weights = [average.get(action, 0.0) for action in legal]
    total = sum(weights)
    if total <= 0.0:
        return None
    kept = [weight if weight >= PURIFY * total else 0.0 for weight in weights]
    return legal[draw_index(kept if sum(kept) > 0.0 else weights, rng)]
