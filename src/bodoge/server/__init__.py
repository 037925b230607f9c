"""The browser table: lobby, seats, live play over WebSocket, persistence, replays.

Layer 6 of bodoge: it reaches games only through the contract and bots
through their spec strings.  ``bodoge serve`` runs :func:`create_app` in
one process, or with ``--workers N`` in N worker processes behind a small
front that sends each table's connections to one of them (:mod:`.front`).
"""

from .app import create_app
from .config import Settings

__all__ = ["Settings", "create_app"]
