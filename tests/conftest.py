"""Suite-wide checks."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = SRC / "samtempa" / "games"
#: What setup.py compiles with mypyc, by folder: every module (but the Cython fast
#: path's wrapper, fast.py), or the ones listed.
COMPILED = {
    GAMES / "shell": ("board", "state", "rules", "game", "notation"),
    GAMES / "snake": None,
}


def compiled_sources() -> list[Path]:
    out: list[Path] = []
    for folder, names in COMPILED.items():
        if names is None:
            out += [p for p in folder.rglob("*.py") if p.name not in ("__init__.py", "fast.py")]
        else:
            out += [folder / f"{n}.py" for n in names]
    return out


def stale_compiled_modules() -> list[str]:
    """Engine sources changed since mypyc compiled them (see setup.py).

    Python imports a compiled module before its ``.py``, so testing after an
    edit without rebuilding would test the old code.
    """
    if not any(any(folder.glob("*__mypyc*.so")) for folder in COMPILED):
        return []  # a pure-Python build (SAMTEMPA_PURE_PYTHON=1)
    manifest = SRC / "samtempa" / "_compiled.json"
    if not manifest.exists():
        return ["(no src/samtempa/_compiled.json beside the compiled modules)"]
    built = json.loads(manifest.read_text())
    root = SRC.parent
    current = {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in compiled_sources()
    }
    return sorted(
        name for name in set(built) | set(current) if built.get(name) != current.get(name)
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = stale_compiled_modules()
    if stale:
        raise pytest.UsageError(
            "the compiled engines are older than their sources "
            f"({', '.join(stale)}): run ./dev test, or .venv/bin/pip install -e '.[dev]'"
        )
