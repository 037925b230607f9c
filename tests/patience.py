"""How long a test waits for a condition before it gives up.

Tests wait on the condition they need (an event, a frame, a row, a server
answering), never on the machine being fast; this is only the outer limit
past which waiting means something is broken.  It is generous because CI
machines are shared: with both cores busy with other work (load average
10 to 17) a server took over 40 s to start and a browser step over 15 s.
``BODOGE_TEST_PATIENCE`` (seconds) overrides it.
"""

from __future__ import annotations

import os

PATIENCE = float(os.environ.get("BODOGE_TEST_PATIENCE", "300"))
"""Seconds a test waits for something that should happen before it fails."""
PATIENCE_MS = PATIENCE * 1000
"""The same, for Playwright's millisecond timeouts."""
