"""Train a MaskablePPO agent on one seat of a bodoge game, then measure it against bodoge's bots.

    pip install -e '.[train]'       # Stable-Baselines3, sb3-contrib, CPU torch
    python examples/train_maskable_ppo.py                      # number-heist, 2 players
    python examples/train_maskable_ppo.py --game cardiceo --timesteps 300000

The agent plays a random seat of ``bodoge.interop.gymnasium.env`` against the
bots given by ``--opponents`` (one per parallel environment, in turn), sees
only its seat's view and picks only legal actions (the mask).  After
training it plays ``--eval-games`` games against each level in ``--against``
and prints its win rate with a 95% Wilson interval, next to what a uniformly
random player scores in the same games.  A level this bodoge does not know
is reported and skipped.

It saves ``model.zip`` in ``--out`` and, next to it, a module that enters the
model in the league (see ``bodoge.interop.agents``)::

    PYTHONPATH=runs/number-heist python bench/league.py ... \\
        --entrant ppo=python:ppo_number_heist:entrant
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv

from bodoge.bots import BadBotSpec
from bodoge.interop.agents import Policy, SB3Policy, load_sb3, remember_setup
from bodoge.interop.gymnasium import BodogeEnv
from bodoge.sim.analysis import wilson

ENTRANT_MODULE = '''"""Enters {model} in the league: --entrant NAME=python:{module}:entrant."""

from pathlib import Path

from bodoge.interop.agents import sb3_entrant

entrant = sb3_entrant(Path(__file__).with_name("{model}"))
'''


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="number-heist", help="a bodoge game id")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--opponents",
        default="random,heuristic",
        help="bot specs to train against, comma-separated; one per parallel environment, in turn",
    )
    parser.add_argument("--envs", type=int, default=4, help="parallel environments")
    parser.add_argument("--timesteps", type=int, default=150_000, help="the agent's decisions")
    parser.add_argument(
        "--minutes", type=float, default=10.0, help="stop training after this long at most"
    )
    parser.add_argument("--against", default="random,easy,normal", help="levels to measure")
    parser.add_argument("--eval-games", type=int, default=400, help="games against each level")
    parser.add_argument("--threads", type=int, default=1, help="torch threads (small nets: 1)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=None, help="default: runs/<game>")
    parser.add_argument(
        "--load", type=Path, default=None, help="measure this saved model.zip instead of training"
    )
    return parser.parse_args()


class Deadline(BaseCallback):
    """Stops training once ``seconds`` have passed (the machine may be slower than hoped)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def make_envs(args: argparse.Namespace) -> DummyVecEnv:
    specs = [spec.strip() for spec in args.opponents.split(",") if spec.strip()]

    def maker(index: int) -> Callable[[], Monitor]:
        spec = specs[index % len(specs)]
        return lambda: Monitor(BodogeEnv(args.game, args.players, opponents=spec, seat="random"))

    vec = DummyVecEnv([maker(index) for index in range(args.envs)])
    vec.seed(args.seed)
    return vec


def train(args: argparse.Namespace) -> tuple[MaskablePPO, float, int]:
    model = MaskablePPO(
        "MlpPolicy",
        make_envs(args),
        learning_rate=3e-4,
        n_steps=512,
        batch_size=256,
        n_epochs=5,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    start = time.monotonic()
    model.learn(total_timesteps=args.timesteps, callback=Deadline(args.minutes * 60))
    return model, time.monotonic() - start, model.num_timesteps


def outcome(env: BodogeEnv, policy: Policy, seed: int) -> float:
    """The agent's outcome (1 win, 1/k shared, 0 loss) in the game seeded ``seed``."""
    observation, info = env.reset(seed=seed)
    while True:
        action = policy(observation, info["action_mask"])
        observation, reward, terminated, _, info = env.step(action)
        if terminated:
            return float(reward)


class Chance:
    """A uniformly random player, for comparison."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: object, mask: np.ndarray) -> int:
        return int(self.rng.choice(np.flatnonzero(mask)))


def measure(args: argparse.Namespace, policy: SB3Policy) -> None:
    print(f"\n{'against':<12} {'games':>5}  {'win rate [95% interval]':<26} random player")
    for level in [spec.strip() for spec in args.against.split(",") if spec.strip()]:
        try:
            env = BodogeEnv(args.game, args.players, opponents=level, seat="random")
        except BadBotSpec as error:
            print(f"{level:<12} skipped: {error}")
            continue
        seeds = [10_000_000 + args.seed * 100_000 + index for index in range(args.eval_games)]
        agent = sum(outcome(env, policy, seed) for seed in seeds)
        chance = Chance(args.seed)
        baseline = sum(outcome(env, chance, seed) for seed in seeds)
        low, high = wilson(agent, len(seeds))
        shown = f"{agent / len(seeds):.3f} [{low:.3f}, {high:.3f}]"
        print(f"{level:<12} {len(seeds):>5}  {shown:<26} {baseline / len(seeds):.3f}")


def main() -> None:
    args = parse_args()
    torch.set_num_threads(args.threads)
    if args.load:
        measure(args, load_sb3(args.load))
        return
    out = args.out or Path("runs") / args.game
    out.mkdir(parents=True, exist_ok=True)
    first = BodogeEnv(args.game, args.players)
    print(
        f"{args.game}, {args.players} players: {first.observation_space.shape[0]} observation "
        f"numbers, {first.action_space.n} actions; training against {args.opponents} "
        f"for {args.timesteps} steps (at most {args.minutes:g} min)"
    )
    model, seconds, steps = train(args)
    print(f"trained {steps} steps in {seconds / 60:.1f} min ({steps / seconds:.0f} steps/s)")
    remember_setup(model, first)  # the league seats it only in the games it learnt
    model.save(out / "model.zip")
    module = f"ppo_{args.game.replace('-', '_')}"
    (out / f"{module}.py").write_text(ENTRANT_MODULE.format(model="model.zip", module=module))
    print(f"saved {out / 'model.zip'}; league entrant: PYTHONPATH={out} python:{module}:entrant")
    measure(args, SB3Policy(model, deterministic=True, name=module))


if __name__ == "__main__":
    main()
