"""Loading the repository's scripts (``bench/``, ``scripts/``, ``examples/``) as modules in tests.

They are files to run, not packages to import; a test loads one by path and
registers it in ``sys.modules`` under its name, where a dataclass or a
worker process looks for the module it was defined in.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"


def load_script(path: Path, name: str) -> ModuleType:
    """The script at ``path`` run as the module ``name`` (registered in ``sys.modules``)."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
