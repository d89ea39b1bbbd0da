"""Suite-wide checks."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
SNAKE = SRC / "samtempa" / "games" / "snake"


def stale_compiled_modules() -> list[str]:
    """Snake Synapse sources changed since mypyc compiled them (see setup.py).

    Python imports a compiled module before its ``.py``, so testing after an
    edit without rebuilding would test the old code.
    """
    if not any(SNAKE.rglob("*.so")):
        return []  # a pure-Python build (SAMTEMPA_PURE_PYTHON=1)
    manifest = SNAKE / "_compiled.json"
    if not manifest.exists():
        return ["(no _compiled.json beside the compiled modules)"]
    built = json.loads(manifest.read_text())
    root = SRC.parent
    current = {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in SNAKE.rglob("*.py")
        if p.name != "__init__.py"
    }
    return sorted(
        name for name in set(built) | set(current) if built.get(name) != current.get(name)
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = stale_compiled_modules()
    if stale:
        raise pytest.UsageError(
            "the compiled Snake Synapse engine is older than its sources "
            f"({', '.join(stale)}): run ./dev test, or .venv/bin/pip install -e '.[dev]'"
        )
