"""Information-set Monte-Carlo tree search that never peeks at hidden cards.

Each iteration samples one world consistent with what the searching seat
knows, walks the shared tree with UCB, expands one node, plays the rest
out, and backs the result up.  Fairness comes from two properties of the
contract:

* the only state the search touches is a determinisation, which re-deals
  everything hidden from the seat, canonically (``State._redeal``), so the
  search is the same whether it starts from the true state or from any
  re-deal of it.  Without a ``belief``, ``state.determinize(seat, rng)``
  deals each world; with one, worlds are dealt at an earlier position and
  played forward as the game went, weighted by how likely each makes the
  others' moves (:mod:`.belief`), and the same holds, since the past too is
  only ever re-dealt for the seat;
* nodes are keyed by the acting seat's information
  (``state.information_key(actor)``), so every seat, the searcher and the
  opponents it models alike, decides on what it would know.  A secret
  simultaneous commitment is hidden from the other seats' keys, so their
  modelled replies never depend on it.

Legal actions differ between sampled worlds, so UCB counts how often each
action was *available* (Cowling, Powley and Whitehouse's ISMCTS).  A
compound decision is just a sequence of nodes.

Where several seats choose at once and in secret (Go Nuts for Donuts' bids,
Papayoo's pass), UCB would have each seat settle on the best reply to what
the others played most lately, and a fixed best reply is what an opponent
exploits.  There each seat's node selects by regret matching instead
(:mod:`.simultaneous`; Lanctot et al.'s simultaneous-move MCTS): each
seat's choice is drawn from its own regrets, without seeing the others'
choices, and the search's move is a draw from its node's average strategy,
which tends to the mix no seat can exploit.  The others' secret choices
made before the bot's turn in the same round are not re-invented at random:
the search starts from the position before them (its worlds re-dealt for
the seat, as ever), so they are chosen by their own nodes.

In a cooperative game the partners are not searched as opponents would be:
each plays by its blueprint, the game's strategy, with its learnt share of
slips, as search over a known partner does in Hanabi (Lerer et al.'s
SPARTA), so the search plans on what its partners will really do.

Rewards are per seat: a share of the win (split between shared winners)
plus a small term for the score, so that every seat maximises its own
outcome.

Playouts follow a policy (the game's heuristic bot); each other seat's moves
are made at random with the probability that the seat plays at random, which
the bot learns from the moves it sees (:mod:`.opponents`).  Inside the tree
the other seats are searched like the bot's own decisions, each keyed by
what that seat knows.  The policy plays in the sampled world, so it too
sees only what was sampled.  How a game wants its search played (playout
policy, horizon, margin, the estimate of a cut playout) comes from its
hints (:mod:`.hints`).

With a ``prior``, the game's heuristic also advises the tree: what it would
play in each sampled world gets a bonus that fades with visits (progressive
bias), so a short search starts from the heuristic's move rather than from
every untried action in turn.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from ..engine import Action, Rng, State
from ..engine.kit import draw_index
from . import simultaneous
from .base import Bot, NoLegalAction
from .belief import WORLDS, Belief, first_position
from .hints import Estimate, Rewind, running_scores
from .opponents import PRIOR_NOISE, OpponentModel, noisy_move

SCORE_WEIGHT = 0.1
"""Share of a playout's reward that comes from the score rather than the win."""
BELIEF_SHARE = 0.25
"""Share of a decision's time the belief may spend dealing its pool of worlds."""
ADVICE = 32
"""Worlds in which a tree node asks the advisor; later visits reuse the shares counted."""
MAX_PLAYOUT = 100_000
"""A playout longer than this is a game that does not end: a bug, reported."""


@dataclass(slots=True)
class Node:
    """Statistics of one information set: visits, reward and availability per action."""

    visits: dict[Action, int] = field(default_factory=dict)
    reward: dict[Action, float] = field(default_factory=dict)
    available: dict[Action, int] = field(default_factory=dict)
    hinted: dict[Action, int] = field(default_factory=dict)
    """How often the advisor chose each action here (only with a ``prior``)."""
    hints: int = 0
    regret: dict[Action, float] = field(default_factory=dict)
    """Each action's summed regret, where seats choose at once (:mod:`.simultaneous`)."""
    average: dict[Action, float] = field(default_factory=dict)
    """The summed regret-matching strategy there: the node's average play."""


def rewards(state: State, estimate: Estimate = running_scores) -> list[float]:
    """Per-seat reward of a game, each in [0, 1].

    A playout cut short at the search's horizon is judged by ``estimate``
    of the final scores (the game's hint, by default the running scores;
    higher is better): the leaders share the win.  A game stopped by a
    safety limit (``state.stopped``) is worth 0 to every seat, less than any
    ending by the rules, so no seat's search prefers a line that loops until
    the limit: a seat behind would otherwise take a stop with no winner over
    a loss.  A cooperative game rewards every seat alike (:func:`_shared_rewards`).
    """
    count = state.num_players
    if state.is_over and state.stopped:
        return [0.0] * count
    scores: Sequence[float] = [float(s) for s in state.scores] if state.is_over else estimate(state)
    if state.game.cooperative:
        return _shared_rewards(state, scores)
    low, high = min(scores), max(scores)
    winners = state.winners if state.is_over else [s for s in range(count) if scores[s] == high]
    share = 1.0 / len(winners) if winners else 0.0
    spread = high - low
    result = []
    for seat in range(count):
        placed = (scores[seat] - low) / spread if spread else 0.5
        win = share if seat in winners else 0.0
        result.append((1.0 - SCORE_WEIGHT) * win + SCORE_WEIGHT * placed)
    return result


def _shared_rewards(state: State, scores: Sequence[float]) -> list[float]:
    """A cooperative game: the group's win is every seat's whole win, not a share of one.

    All seats score alike, so the score term cannot rank them: it places the
    score within the game's declared ``score_range`` instead.
    """
    low, high = state.game.score_range(state.options, state.num_players)
    won = bool(state.winners) if state.is_over else False
    result = []
    for seat in range(state.num_players):
        placed = min(1.0, max(0.0, (scores[seat] - low) / (high - low))) if high > low else 0.5
        result.append((1.0 - SCORE_WEIGHT) * won + SCORE_WEIGHT * placed)
    return result


Policy = Callable[[State, int], Action]
Step = tuple[Node, int, Action, list[Action], dict[Action, float] | None]
"""A tree step: node, actor, action, the legal actions, and the mix it was drawn from
(``None`` at a node selected by UCB)."""


class ISMCTSBot:
    """Search for ``iterations`` playouts, or for ``seconds`` when that is given.

    With an iteration budget the decision depends only on the seed and on
    what the seat knows; a time budget trades that for a wall-clock limit.

    >>> import bodoge
    >>> state = bodoge.get_game("egyptian-bride").new_game(3, seed=1)
    >>> bot = ISMCTSBot(seed=4, iterations=50)
    >>> bot.choose(state, 0) in state.legal_actions(0)
    True
    """

    def __init__(
        self,
        seed: int,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: Bot | None = None,
        noise: float | None = 0.0,
        horizon: int = 0,
        prior: float = 0.0,
        advisor: Bot | None = None,
        margin: float = 0.0,
        estimate: Estimate = running_scores,
        belief: float = 0.0,
        rewind: Rewind | None = None,
        matrix: bool = False,
    ) -> None:
        self.seed = seed
        self.matrix = matrix
        """Search secret choices made at once as matrix games and play a co-operative partner
        by its blueprint (see the module docstring); off by default until a league shows it
        stronger, so the level people meet keeps the strength that was measured."""
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        if noise is not None and not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must lie in [0, 1] or be None (learnt), not {noise!r}")
        self.noise = noise
        """Share of the *other* seats' playout moves made at random; ``None``: learnt.

        The players a bot meets are not all its rollout policy: some blunder,
        some end the game early.  Noise keeps the search from trusting every
        opponent to play the policy's way.  A table of skilled players is
        best modelled with no noise, a table of beginners with a lot, so by
        default (``None``) the bot learns each other seat's share from its
        moves (:mod:`.opponents`), starting from an even guess.  The
        searching seat's own playout moves always follow the policy: they
        stand for its later decisions, which it will search too.
        """
        self.horizon = horizon
        """Playout moves at most (0: to the end of the game); then the game's estimate judges.

        Long games spend most of a search's time in playouts whose ends say
        little about the move at the root; a horizon buys more iterations.
        """
        self.prior = prior
        """Weight of the ``advisor``'s advice in the tree (progressive bias; 0: none).

        At each tree node the advisor (the game's heuristic bot, say) says
        what it would play in the sampled world; an action gets a bonus of
        ``prior`` times the share of worlds in which it was advised, divided
        by its visits plus one.  The advice counts most while an action has
        few visits and fades as their results come in, so a search of a few
        hundred iterations plays at least the advisor's move unless it finds
        a better one, instead of spreading them evenly over every untried
        action first.  The advisor sees only the sampled world, so it peeks
        no more than the search does.  It helps most against heuristic
        bots (``bench/bots.py --against heuristic`` with ``--bot
        ismcts:prior=0`` and ``prior=1``; figures in ``bench/README.md``);
        the spec's default is 1.
        """
        self.advisor = advisor
        self.margin = margin
        """How sure the search must be, in standard errors, to leave the advisor's move.

        At the root the bot plays the move the advisor chose most often over
        the sampled worlds, unless the search's best move beats its mean
        reward by ``margin`` standard errors (at most 0.5 / sqrt(visits)
        each, as rewards lie in [0, 1]); 0 always plays the search's move.
        A few hundred playouts spread over many moves leave means that
        differ by chance, and rough playouts (random moves in a long game)
        can rank moves for the playouts' reasons rather than the game's;
        then the heuristic's move is the safer bet.  The idea is SPARTA's
        (Lerer et al., 2020): search refines a blueprint policy and departs
        from it only for a gain above a threshold; here the threshold is
        counted in standard errors, so it grows as the playouts thin out.
        """
        self.estimate = estimate
        """Judges a playout cut short at the horizon (the game's hint; see :mod:`.hints`)."""
        self.belief = belief
        """How much the others' seen moves weigh the worlds sampled (0: uniform re-deals).

        With a model of the other players (the rollout policy, else the
        advisor), worlds come from a :class:`~.belief.Belief`: dealt earlier,
        played forward as the game went, each weighted by how likely it made
        the moves the others were seen to make, to the power ``belief``.
        """
        self.rewind = rewind
        """The game's hint that deals the belief's past positions from worlds of the present."""
        self._belief: Belief | None = None
        self.model: OpponentModel | None = None
        self.playout_noise: list[float] = []
        """Each seat's share of random playout moves at the last decision (the searcher's: 0)."""
        self._rng = random.Random(seed)
        self._me = 0
        self._first: tuple[int, ...] = ()
        """Who acts first, while a world is before the present: the others' secret
        choices made before this decision, in their order, then the searching seat."""
        self._present = 0
        self.last_iterations = 0
        """How many iterations the last decision ran (for benchmarks)."""
        self.time_cap: float | None = None
        """Seconds a decision may take whatever its budget (a server's hard limit).

        With an iteration budget the search also stops at this time, so a
        decision that must not overrun gives up replaying exactly instead.
        """

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds else f"iterations={self.iterations}"
        horizon = f", horizon={self.horizon}" if self.horizon else ""
        noise = ", noise=learnt" if self.noise is None else f", noise={self.noise}"
        prior = f", prior={self.prior}" if self.prior and self.advisor else ""
        margin = f", margin={self.margin}" if self.margin and self.advisor else ""
        belief = f", belief={self.belief}" if self.belief else ""
        return (
            f"ISMCTSBot(seed={self.seed}, {budget}, exploration={self.exploration}"
            f"{noise}{horizon}{prior}{margin}{belief})"
        )

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise NoLegalAction(state, seat)
        self.playout_noise = self._playout_noise(state, seat)
        if len(legal) == 1:
            return legal[0]
        tree: dict[Hashable, Node] = {}
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        if self.time_cap is not None:
            capped = start + self.time_cap
            deadline = capped if deadline is None else min(deadline, capped)
        iterations = self.iterations if self.seconds is None else None
        belief = self._prepare_belief(state, seat, start, deadline, iterations)
        # A belief's worlds are of the present: it invents the others' secret choices itself.
        if self.matrix:
            origin = self._round_start(state, seat, belief is None)
        else:
            origin, self._first = state, (seat,)
        self._me, self._present = seat, state.version
        done = 0
        while (iterations is None or done < iterations) and (
            deadline is None or time.perf_counter() < deadline
        ):
            world = belief.world(self._rng) if belief is not None else None
            if world is None:
                world = origin.determinize(seat, Rng(self._rng.getrandbits(63)))
            self._iterate(world, tree)
            done += 1
        self.last_iterations = done
        root = tree.get((seat, state.information_key(seat)))
        if root is None:  # no iteration ran (a zero budget): fall back to chance
            return self._rng.choice(legal)
        best = max(legal, key=lambda a: (root.visits.get(a, 0), root.reward.get(a, 0.0)))
        if self.matrix:
            mixed = bool(root.average)
            if mixed:  # seats choosing at once: a draw from the node's average strategy
                best = simultaneous.average_draw(root.average, legal, self._rng) or best
        else:
            mixed = state.game.simultaneous and len(state.to_act) > 1
            if mixed:
                best = self._near_best(root, best)
        if self.margin and root.hints:
            return self._keep_advice(root, best, mixed)
        return best

    def _round_start(self, state: State, seat: int, rewind: bool = True) -> State:
        """The position before the others' secret choices of this round, else ``state``.

        The others who chose in secret before the seat's turn (bids, passes)
        are searched as choosing with it, each by its own node, rather than
        re-invented at random by ``determinize``: so a seat asked last
        searches the same matrix game as a seat asked first.  The position is
        the game replayed from its first (only ever re-dealt for the seat,
        as the belief's past is); a game that does not replay to the same
        knowledge, or one where nobody chose in secret, starts at ``state``.
        """
        events = state.events
        pending = 0
        while (
            state.game.simultaneous
            and pending < len(events)
            and events[-1 - pending].outcome.secret
            and events[-1 - pending].seat != seat
        ):
            pending += 1
        self._first = (*(e.seat for e in events[len(events) - pending :]), seat)
        if not pending or not rewind:
            self._first = (seat,)
            return state
        past = first_position(state)
        for event in events[: len(events) - pending]:
            past.apply_unchecked(event.seat, event.action)
        replayed = past.clone()
        for event in events[len(events) - pending :]:
            replayed.apply_unchecked(event.seat, event.action)
        if replayed.information_key(seat) != state.information_key(seat):
            return state
        return past

    def _prepare_belief(
        self,
        state: State,
        seat: int,
        start: float,
        deadline: float | None,
        iterations: int | None,
    ) -> Belief | None:
        """The belief brought to ``state``, or ``None`` without one (uniform re-deals).

        A game that hides nothing has nothing to read: its one world is the state.
        Dealing the pool may take at most :data:`BELIEF_SHARE` of the time
        until ``deadline``, and a short budget wants fewer worlds (a quarter of
        the iterations the last decision ran: each world is drawn a few times);
        with an iteration budget it deals as many particles as it wants
        (capped by the iterations), so the decision replays exactly.
        """
        policy = self.rollout if self.rollout is not None else self.advisor
        if not self.belief or policy is None or not state.game.hidden_information:
            return None
        if self._belief is None or self._belief.me != seat:
            self._belief = Belief(policy, seat, self.belief, self._rng, rewind=self.rewind)
        dealing = None if deadline is None else start + BELIEF_SHARE * (deadline - start)
        if iterations is not None:
            wanted = min(WORLDS, iterations)
        else:  # about a quarter as many worlds as the last decision's iterations
            wanted = min(WORLDS, max(WORLDS // 8, self.last_iterations // 4 or WORLDS // 4))
        self._belief.prepare(state, self.playout_noise, dealing, wanted)
        return self._belief

    def _near_best(self, root: Node, best: Action) -> Action:
        """A draw, weighted by visits, among the root's moves the search cannot tell from ``best``.

        Where several seats choose at once (several in ``to_act``) a fixed
        pick is a predictable one: copies of the bot collide, and an
        opponent who knows the bot takes what it leaves.  So, as the game's
        strategy shares its probability among near-equal moves, the search
        plays any move whose mean reward lies within one standard error
        (rewards lie in [0, 1]: at most 0.5 / sqrt(visits) each) of the most
        visited one's.  A seat choosing alone, even in a game that has such
        choices elsewhere (Papayoo's tricks after its pass), collides with no
        one: :meth:`choose` does not draw then, and plays ``best``.
        """
        visits = root.visits
        if not visits.get(best):
            return best
        top = root.reward[best] / visits[best]
        near = [
            action
            for action, count in visits.items()
            if root.reward[action] / count >= top - 0.5 * math.sqrt(1 / count + 1 / visits[best])
        ]
        return near[draw_index([visits[action] for action in near], self._rng)]

    def _keep_advice(self, root: Node, best: Action, mixed: bool = False) -> Action:
        """The advisor's move at the root, unless ``best`` looks better by the margin.

        ``mixed`` (a simultaneous choice): the advisor's move is drawn from
        how often it was advised over the sampled worlds (the game's strategy
        mixes, so its advice does), rather than the most advised one.
        """
        if mixed:
            advised = list(root.hinted)
            advised_move = advised[draw_index([root.hinted[a] for a in advised], self._rng)]
        else:
            advised_move = max(root.hinted, key=lambda a: (root.hinted[a], root.visits.get(a, 0)))
        return self._unless_better(root, best, advised_move)

    def _unless_better(self, root: Node, best: Action, advised: Action) -> Action:
        """``advised``, unless ``best``'s mean reward beats it by ``margin`` standard errors."""
        if best == advised or not root.visits.get(advised):
            return best
        if not root.visits.get(best):  # a mix's draw the search never tried
            return advised
        visits, advised_visits = root.visits[best], root.visits[advised]
        gain = root.reward[best] / visits - root.reward[advised] / advised_visits
        # Rewards lie in [0, 1], so each mean's standard error is at most 0.5 / sqrt(visits).
        error = 0.5 * math.sqrt(1 / visits + 1 / advised_visits)
        return best if gain > self.margin * error else advised

    def _playout_noise(self, state: State, seat: int) -> list[float]:
        """Each seat's share of random moves at this decision (never the searcher's).

        It is learnt against the rollout policy, or against the advisor when
        the playouts are random (then it only tempers the advice).
        """
        model = self.model
        policy = self.rollout if self.rollout is not None else self.advisor
        fixed = PRIOR_NOISE if self.noise is None else self.noise
        if policy is not None and self.noise is None:
            if model is None or model.me != seat:
                model = self.model = OpponentModel(policy, seat, PRIOR_NOISE, self._rng)
            model.observe(state)
        noise = [model.noise(s) if model else fixed for s in range(state.num_players)]
        noise[seat] = 0.0
        return noise

    # ----------------------------------------------------------------- search

    def _iterate(self, world: State, tree: dict[Hashable, Node]) -> None:
        path: list[Step] = []
        while not world.is_over:
            actor = self._actor(world)
            legal = world.legal_actions(actor)
            if len(legal) == 1:
                world.apply_unchecked(actor, legal[0])
                continue
            if self.matrix and self._plays_blueprint(world, actor):
                world.apply_unchecked(actor, self._blueprint_move(world, actor))
                continue
            key = (actor, world.information_key(actor))
            node = tree.get(key)
            if node is None:
                node = tree[key] = Node()
            if self.matrix and self._at_once(world, actor):
                action, mix = self._select_mixed(world, actor, node, legal)
                path.append((node, actor, action, legal, mix))
                world.apply_unchecked(actor, action)
                if node.visits.get(action, 0) == 0:
                    break  # a new action: expanded, then played out
                continue
            if self.prior and self.advisor is not None:
                hint = self._hint(world, actor, node, legal)
                action = self._select_advised(node, legal, hint, 1.0 - self.playout_noise[actor])
                path.append((node, actor, action, legal, None))
                world.apply_unchecked(actor, action)
                if action not in node.visits:
                    break  # a new action: expanded, then played out
                continue
            untried = [a for a in legal if a not in node.visits]
            if untried:
                action = self._rng.choice(untried)
                path.append((node, actor, action, legal, None))
                world.apply_unchecked(actor, action)
                break
            action = self._select(node, legal)
            path.append((node, actor, action, legal, None))
            world.apply_unchecked(actor, action)
        self._play_out(world)
        outcome = rewards(world, self.estimate)
        for node, actor, action, legal, drawn_from in path:
            if drawn_from is not None:  # before this visit counts: the baselines are the past's
                means = {a: node.reward[a] / count for a, count in node.visits.items()}
                reward = outcome[actor]
                simultaneous.learn(
                    node.regret, node.average, drawn_from, legal, action, reward, means
                )
            node.visits[action] = node.visits.get(action, 0) + 1
            node.reward[action] = node.reward.get(action, 0.0) + outcome[actor]
            for option in legal:
                node.available[option] = node.available.get(option, 0) + 1

    def _actor(self, world: State) -> int:
        """Who acts next in ``world``: ``to_act``'s first, but while the world is before
        the present, in a game where seats choose at once, the seats that chose before
        this decision go first, then the searching seat (:meth:`_round_start`), so the
        seat meets its own decision as it knows it."""
        to_act = world.to_act
        if len(to_act) > 1 and world.version <= self._present and world.game.simultaneous:
            for seat in self._first:
                if seat in to_act:
                    return seat
        return to_act[0]

    @staticmethod
    def _at_once(world: State, actor: int) -> bool:
        """Whether ``actor`` chooses while others choose too, unseen: several seats to act
        in a simultaneous game, or the last move another seat's secret choice."""
        if not world.game.simultaneous:
            return False
        if len(world.to_act) > 1:
            return True
        events = world.events
        return bool(events) and events[-1].outcome.secret and events[-1].seat != actor

    def _select_mixed(
        self, world: State, actor: int, node: Node, legal: list[Action]
    ) -> tuple[Action, dict[Action, float]]:
        """Regret matching at a node where seats choose at once (:mod:`.simultaneous`).

        Before any regret is positive it plays as the advisor advised at the
        node (with a ``prior``), else uniformly; a share of the draws is uniform.
        """
        prior: dict[Action, int] = {}
        if self.prior and self.advisor is not None:
            self._hint(world, actor, node, legal)
            prior = node.hinted
        mix = simultaneous.strategy(node.regret, legal, prior)
        chances = simultaneous.explored(mix, simultaneous.EXPLORATION)
        return simultaneous.sample(chances, self._rng), mix

    def _plays_blueprint(self, world: State, actor: int) -> bool:
        """Whether ``actor`` is a partner the search plays by its blueprint, not its tree."""
        return world.game.cooperative and actor != self._me and self._blueprint() is not None

    def _blueprint(self) -> Bot | None:
        """The partners' policy: the game's strategy (the advisor), else the rollout policy."""
        return self.advisor if self.advisor is not None else self.rollout

    def _blueprint_move(self, world: State, actor: int) -> Action:
        """A partner's move as it plays: its blueprint, with its learnt share of slips."""
        policy = self._blueprint()
        return noisy_move(policy, world, actor, self.playout_noise[actor], self._rng)

    def _hint(self, world: State, actor: int, node: Node, legal: list[Action]) -> Action:
        """The advisor's choice in this world, counted at the node, while it has few counts.

        After :data:`ADVICE` worlds the node's shares of advice are known well
        enough, and asking the advisor (the game's strategy, often the dearest
        part of an iteration) at every later visit would buy little: the node
        then names the move advised most often that is legal here.
        """
        assert self.advisor is not None
        if node.hints >= ADVICE:
            return max(legal, key=lambda a: node.hinted.get(a, 0))
        hint = self.advisor.choose(world, actor)
        node.hinted[hint] = node.hinted.get(hint, 0) + 1
        node.hints += 1
        return hint

    def _select(self, node: Node, legal: list[Action]) -> Action:
        best, best_value = legal[0], -math.inf
        c = self.exploration
        for action in legal:
            visits = node.visits[action]
            value = node.reward[action] / visits + c * math.sqrt(
                math.log(node.available.get(action, 1) + 1) / visits
            )
            if value > best_value:
                best, best_value = action, value
        return best

    def _select_advised(
        self, node: Node, legal: list[Action], hint: Action, trust: float
    ) -> Action:
        """UCB with the advice as a bonus; an untried action counts as one average visit.

        So the advised move is tried first, and the others are tried when
        their optimistic value beats what has been tried, not all before
        any is tried twice.  ``trust`` scales the advice: for another seat
        it is how likely that seat is to play the policy's way (one minus
        its playout noise, learnt from its moves), since a seat seen to
        move at random is badly predicted by the heuristic.
        """
        total = sum(node.visits.values())
        first_play = sum(node.reward.values()) / total if total else 0.5
        c, bias = self.exploration, self.prior * trust / node.hints
        best, best_value = hint, -math.inf
        for action in legal:
            visits = node.visits.get(action, 0)
            mean = node.reward[action] / visits if visits else first_play
            seen = node.available.get(action, 1)
            value = mean + c * math.sqrt(math.log(seen + 1) / (visits or 1))
            value += bias * node.hinted.get(action, 0) / (visits + 1)
            if value > best_value:
                best, best_value = action, value
        return best

    def _policy_move(self, world: State, actor: int) -> Action:
        """A playout move: the rollout policy's, or at random with the actor's noise;
        a partner's, its blueprint's."""
        if self._plays_blueprint(world, actor):
            return self._blueprint_move(world, actor)
        return noisy_move(self.rollout, world, actor, self.playout_noise[actor], self._rng)

    def _play_out(self, world: State) -> None:
        for _ in range(self.horizon or MAX_PLAYOUT):
            to_act = world.to_act
            if not to_act:
                return
            actor = to_act[0]
            world.apply_unchecked(actor, self._policy_move(world, actor))
        if not self.horizon:
            raise RuntimeError(f"a playout of {world.game.id} ran past {MAX_PLAYOUT} actions")
