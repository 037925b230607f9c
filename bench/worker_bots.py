"""Refused bot moves under ``bodoge serve --workers 2``.

Starts ``bodoge serve --workers 2`` on a fresh SQLite file (or ``--database``),
creates ``--tables`` tables of four random bots through the API (the front
hands each request to the workers in turn), watches each through a spectator
WebSocket (which reaches the table's own worker) until its game is over,
stops the server and counts what its log says about bots: moves refused
because the table moved on while the bot thought (``moved on``), moves
refused on the bot's own state and replaced at random (``was refused``), and
decisions past their deadline (``overran``).  With one owner per table all
three are 0.

    PYTHONPATH=src python bench/worker_bots.py --tables 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from websockets.asyncio.client import connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post(port: int, path: str, body: object) -> dict[str, object]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        result: dict[str, object] = json.loads(answer.read())
        return result


async def watch(port: int, table_id: str) -> None:
    async with connect(f"ws://127.0.0.1:{port}/t/{table_id}/ws") as ws:
        async for raw in ws:
            message = json.loads(raw)
            if message["type"] == "state" and message["view"]["is_over"]:
                return


async def play(port: int, tables: int, game: str) -> None:
    watchers = []
    for seed in range(tables):
        created = post(
            port, "/api/tables", {"game": game, "seats": [{"kind": "bot"}] * 4, "seed": seed}
        )
        table = created["table"]
        assert isinstance(table, dict)
        watchers.append(asyncio.create_task(watch(port, str(table["id"]))))
    await asyncio.wait_for(asyncio.gather(*watchers), 300)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--game", default="egyptian-bride")
    parser.add_argument("--database", help="default: a fresh SQLite file")
    parser.add_argument("--bot-pause", default="0.02")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        port = free_port()
        command = [sys.executable, "-m", "bodoge.cli", "serve", "--workers", "2"]
        command += ["--database", url, "--port", str(port), "--bot-pause", args.bot_pause]
        command += ["--tables-per-minute", "0"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=2)
                    break
                except OSError:
                    time.sleep(0.1)
            started = time.monotonic()
            asyncio.run(play(port, args.tables, args.game))
            took = time.monotonic() - started
        finally:
            server.send_signal(signal.SIGINT)
            _, err = server.communicate(timeout=60)
    log = err.decode(errors="replace")
    counts = {what: log.count(what) for what in ("moved on", "was refused", "overran")}
    print(
        f"{args.tables} tables of 4 bots, 2 workers, {took:.1f} s: "
        + ", ".join(f"{what}: {count}" for what, count in counts.items()),
        file=sys.stdout,
    )
    if os.environ.get("BODOGE_BENCH_LOG"):
        print(log, file=sys.stderr)


if __name__ == "__main__":
    main()
