"""``bodoge serve``: the browser table (FastAPI on uvicorn).

The port is bound first (a busy port changes nothing), then the database
schema is brought up to date once here; worker processes then start with
migrations off.  Settings reach the workers through ``BODOGE_*``
environment variables (see :mod:`bodoge.server.config`).
"""

import contextlib
import copy
import errno
import os
import socket
from pathlib import Path
from typing import Annotated

import typer

from ..engine import Text
from .common import CliError, Command, env_lang, user_errors

SERVE_HELP = Text(
    "ブラウザで遊べる卓のサーバーを起動する。", "Start the server of the browser table."
)
HOST_HELP = Text("待ち受けるアドレス。", "Address to listen on.")
PORT_HELP = Text(
    "待ち受けるポート（0 で空いているポートを選ぶ。環境変数 BODOGE_PORT でも指定できる）。",
    "Port to listen on (0: any free port; the environment variable BODOGE_PORT sets it too).",
)
DATABASE_HELP = Text(
    "データベースのURL（既定: ./bodoge.sqlite の SQLite。postgresql://… で PostgreSQL）。",
    "Database URL (default: SQLite in ./bodoge.sqlite; postgresql://… uses PostgreSQL).",
)
WORKERS_HELP = Text(
    "ワーカープロセス数（2以上はデータベースのファイルか PostgreSQL を共有し、"
    "卓ごとに接続を1つのワーカーへ振り分ける）。",
    "Worker processes (several share the database file, or PostgreSQL; "
    "each table's connections go to one of them).",
)
PAUSE_HELP = Text("ボットが手を指す前に待つ秒数。", "Seconds a bot waits before it acts.")
ORIGIN_HELP = Text(
    "WebSocket とフォームを使ってよい、このサーバー以外のオリジン"
    "（https://example.org の形。繰り返し指定できる。プロキシの後ろで公開するとき）。",
    "Another origin whose pages may use the WebSocket and the forms "
    "(like https://example.org; repeatable; for a deployment behind a proxy).",
)
BOT_SECONDS_HELP = Text(
    "ブラウザやAPIから頼まれたボットが1手に考えてよい最長の秒数。",
    "Longest a bot asked for by a browser or the API may think per move, in seconds.",
)
BOT_ITERATIONS_HELP = Text(
    "そのボットの1手あたりの反復回数の上限。", "Most iterations per move of such a bot."
)
API_DOCS_HELP = Text(
    "JSON API のスキーマ /openapi.json を公開する。",
    "Serve the JSON API's schema at /openapi.json.",
)
RATE_HELP = Text(
    "1つの接続元が1分間に作れる卓の数（0で無制限）。",
    "Tables one client address may create per minute (0: no limit).",
)
WAITING_HELP = Text(
    "1つの接続元が同時に持てる参加者待ちの卓の数（0で無制限）。",
    "Tables waiting for players one client address may have at once (0: no limit).",
)
EXPIRY_HELP = Text(
    "参加者がそろわないまま、この時間が過ぎた卓を消す（0で消さない）。",
    "Remove a table still waiting for players after this many hours (0: never).",
)
BAD_ORIGIN = Text(
    "オリジンではありません（scheme://host[:port] の形）: {origin}",
    "not an origin (scheme://host[:port]): {origin}",
)
LOG_REQUESTS_HELP = Text(
    "受け付けたリクエストを1行ずつ表示する（既定: 表示しない）。",
    "Print one line per request served (default: none).",
)
LISTENING = Text("bodoge を {url} で公開中", "bodoge is serving at {url}")
DATA_IN_FILE = Text(
    "データの保存先: SQLite ファイル {path}", "Data is kept in the SQLite file {path}"
)
DATA_IN_MEMORY = Text(
    "データはメモリ上だけにあり、サーバーを止めると消えます",
    "Data is kept in memory only and is lost when the server stops",
)
DATA_IN_DATABASE = Text("データの保存先: {url}", "Data is kept in {url}")
LOGGING_REQUESTS = Text("リクエストを1行ずつ表示します", "Requests are logged below, one per line")
HOW_TO_STOP = Text("Ctrl-C で終了します", "Press Ctrl-C to stop")
PORT_IN_USE = Text(
    "ポート {port} は使用中です。--port {other} か、"
    "空いているポートを選ぶ --port 0 を試してください",
    "port {port} is in use; try --port {other}, or --port 0 for any free port",
)
NEEDS_SHARED_DATABASE = Text(
    "複数のワーカーはメモリ上の SQLite を共有できません。"
    "データベースのファイルか PostgreSQL を指定してください",
    "several workers cannot share an in-memory SQLite database; give a database file or PostgreSQL",
)
CANNOT_LISTEN = Text(
    "{address} で待ち受けられません: {detail}", "cannot listen at {address}: {detail}"
)
NO_DATABASE = Text(
    "データベース {url} を準備できません: {detail}",
    "cannot prepare the database {url}: {detail}",
)

SERVER_OPTIONS: dict[str, object] = {
    # websockets' sans-I/O protocol writes each frame straight to the
    # transport; the legacy one (uvicorn's "auto") adds a task hand-off per
    # frame and is deprecated by websockets.
    "ws": "websockets-sansio",
    "ws_max_size": 64 * 1024,
    # State messages are a few kB of JSON, sent many times a second on a busy
    # server: compressing each costs more CPU than the bytes it saves.
    "ws_per_message_deflate": False,
    "access_log": False,
    "log_level": "warning",
    # A request must arrive whole within seconds (uvicorn's own timeout covers
    # only idle keep-alive connections): see bodoge.server.guard.
    "http": "bodoge.server.guard:DeadlineHttpProtocol",
    "timeout_keep_alive": 5,
}
"""uvicorn settings (the event loop, HTTP and WebSocket implementations are
uvicorn's fastest available: uvloop, httptools and websockets' sans-I/O)."""


def server_options(log_requests: bool) -> dict[str, object]:
    """:data:`SERVER_OPTIONS`, with uvicorn's access log on if ``log_requests``.

    uvicorn's ``log_level`` would set the access log's level too, so the
    levels are given in a logging configuration instead: warnings from the
    server, every request from the access log.  It is plain data, so it
    reaches ``--workers`` processes as it is.
    """
    if not log_requests:
        return dict(SERVER_OPTIONS)
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["uvicorn"]["level"] = "WARNING"
    config["loggers"]["uvicorn.error"]["level"] = "WARNING"
    config["loggers"]["uvicorn.access"]["level"] = "INFO"
    return {**SERVER_OPTIONS, "access_log": True, "log_level": None, "log_config": config}


def display_url(host: str, port: int) -> str:
    """The address people open: ``http://host:port``, IPv6 in brackets.

    >>> display_url("127.0.0.1", 8000)
    'http://127.0.0.1:8000'
    >>> display_url("::1", 8080)
    'http://[::1]:8080'
    """
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def open_port(host: str, port: int) -> socket.socket:
    """The listening socket, or a user error saying what to do instead.

    Bound here, before the database is touched, so a busy port changes
    nothing; with ``--port 0`` the system picks the port, read back from it.
    """
    from ..server import front

    try:
        return front.listen(host, port)
    except OSError as error:
        if error.errno == errno.EADDRINUSE:
            other = port + 1 if port < 65535 else port - 1
            raise CliError(PORT_IN_USE.format(port=port, other=other), code=1) from None
        raise CliError(
            CANNOT_LISTEN.format(
                address=display_url(host, port), detail=error.strerror or str(error)
            ),
            code=1,
        ) from None


def data_place(url: str) -> Text:
    """Where the server keeps its data, for the start-up lines (never a password).

    >>> data_place("postgresql://bodoge:secret@db/tables").en
    'Data is kept in postgresql://bodoge:***@db/tables'
    >>> data_place("sqlite://").en
    'Data is kept in memory only and is lost when the server stops'
    >>> data_place("sqlite:////srv/bodoge.sqlite").en
    'Data is kept in the SQLite file /srv/bodoge.sqlite'
    """
    from sqlalchemy.engine import make_url

    from ..server.config import is_in_memory, is_postgres

    if not is_postgres(url) and url.startswith("sqlite"):
        if is_in_memory(url):
            return DATA_IN_MEMORY
        path = make_url(url).database or ""
        return DATA_IN_FILE.format(path=Path(path).resolve())
    return DATA_IN_DATABASE.format(url=make_url(url).render_as_string(hide_password=True))


def serve_here(listener: socket.socket, options: dict[str, object]) -> int:
    """One process: uvicorn on the socket bound by :func:`open_port`; the exit status."""
    import uvicorn

    from ..server import front

    server = uvicorn.Server(uvicorn.Config(front.APP, factory=True, **options))  # type: ignore[arg-type]
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has stopped gracefully
        server.run(sockets=[listener])
    return 0 if server.started else front.STARTUP_FAILURE


def add_to(app: typer.Typer, hl: str) -> None:
    @app.command("serve", help=SERVE_HELP(hl), cls=Command)
    def serve(
        host: Annotated[str, typer.Option("--host", help=HOST_HELP(hl))] = "127.0.0.1",
        port: Annotated[
            int,
            typer.Option(
                "--port",
                metavar="PORT",
                min=0,
                max=65535,
                envvar="BODOGE_PORT",
                help=PORT_HELP(hl),
            ),
        ] = 8000,
        database: Annotated[
            str | None, typer.Option("--database", metavar="URL", help=DATABASE_HELP(hl))
        ] = None,
        workers: Annotated[int, typer.Option("--workers", min=1, help=WORKERS_HELP(hl))] = 1,
        bot_pause: Annotated[float, typer.Option("--bot-pause", min=0, help=PAUSE_HELP(hl))] = 0.6,
        allow_origin: Annotated[
            list[str] | None,
            typer.Option("--allow-origin", metavar="ORIGIN", help=ORIGIN_HELP(hl)),
        ] = None,
        max_bot_seconds: Annotated[
            float, typer.Option("--max-bot-seconds", min=0.1, help=BOT_SECONDS_HELP(hl))
        ] = 2.0,
        max_bot_iterations: Annotated[
            int, typer.Option("--max-bot-iterations", min=1, help=BOT_ITERATIONS_HELP(hl))
        ] = 20_000,
        api_docs: Annotated[bool, typer.Option("--api-docs", help=API_DOCS_HELP(hl))] = False,
        tables_per_minute: Annotated[
            int, typer.Option("--tables-per-minute", min=0, help=RATE_HELP(hl))
        ] = 20,
        waiting_per_client: Annotated[
            int, typer.Option("--waiting-per-client", min=0, help=WAITING_HELP(hl))
        ] = 20,
        waiting_hours: Annotated[
            float, typer.Option("--waiting-hours", min=0, help=EXPIRY_HELP(hl))
        ] = 24.0,
        log_requests: Annotated[
            bool, typer.Option("--log-requests", help=LOG_REQUESTS_HELP(hl))
        ] = False,
    ) -> None:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError, SQLAlchemyError

        from ..server import front
        from ..server.config import DEFAULT_DATABASE, Settings, is_in_memory, is_postgres
        from ..server.db import migrate
        from ..server.guard import parse_origin

        lang = env_lang() or "en"
        with user_errors(lang):
            url = database or os.environ.get("BODOGE_DATABASE_URL") or DEFAULT_DATABASE
            if workers > 1 and not is_postgres(url) and is_in_memory(url):
                raise CliError(NEEDS_SHARED_DATABASE)
            origins = tuple(allow_origin or ())
            for origin in origins:
                if parse_origin(origin) is None:
                    raise CliError(BAD_ORIGIN.format(origin=origin))
            listener = open_port(host, port)
            try:
                migrate(url)
                place = data_place(url)
            except (SQLAlchemyError, ArgumentError, OSError, ValueError) as error:
                listener.close()
                try:
                    shown = make_url(url).render_as_string(hide_password=True)
                except ArgumentError:
                    shown = repr(url)
                detail = str(error).splitlines()[0] if str(error) else type(error).__name__
                raise CliError(NO_DATABASE.format(url=shown, detail=detail), code=1) from None
            os.environ.update(
                Settings(
                    database_url=url,
                    bot_pause=bot_pause,
                    migrate=False,
                    dedicated=True,
                    workers=workers,
                    allow_origins=origins,
                    max_bot_seconds=max_bot_seconds,
                    max_bot_iterations=max_bot_iterations,
                    api_docs=api_docs,
                    tables_per_minute=tables_per_minute,
                    waiting_per_client=waiting_per_client,
                    waiting_hours=waiting_hours,
                ).to_env()
            )
            bound = listener.getsockname()[1]
            typer.echo(LISTENING.format(url=display_url(host, bound))(lang))
            typer.echo(place(lang))
            if log_requests:
                typer.echo(LOGGING_REQUESTS(lang))
            typer.echo(HOW_TO_STOP(lang))
            options = server_options(log_requests)
            if workers == 1:
                raise typer.Exit(serve_here(listener, options))
            raise typer.Exit(front.serve(listener, workers, options))
