"""Builds samtempa's compiled parts; everything else is plain Python (pyproject.toml).

- ``samtempa.games.shell._fast`` (Cython): What the Shell's fast path for bots,
  learning and benchmarks, a separate implementation checked move for move
  against the plain engine (tests/games/shell/test_fast.py).
- The Snake Synapse engine (``samtempa.games.snake``), compiled from its own
  typed Python sources with mypyc: the same code, about three times faster.
  ``SAMTEMPA_PURE_PYTHON=1`` skips this; tests/conftest.py refuses to run
  against compiled modules older than their sources.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

SNAKE = Path("src/samtempa/games/snake")
#: The compiled modules' source hashes, for the staleness check of tests/conftest.py.
MANIFEST = SNAKE / "_compiled.json"


def snake_sources() -> list[str]:
    return sorted(p.as_posix() for p in SNAKE.rglob("*.py") if p.name != "__init__.py")


def mypyc_extensions() -> list[Extension]:
    if os.environ.get("SAMTEMPA_PURE_PYTHON"):
        MANIFEST.unlink(missing_ok=True)
        return []
    from mypyc.build import mypycify

    sources = snake_sources()
    MANIFEST.write_text(
        json.dumps({s: hashlib.sha256(Path(s).read_bytes()).hexdigest() for s in sources}, indent=1)
        + "\n"
    )
    return list(mypycify(sources, group_name="samtempa.games.snake._engine"))


setup(
    ext_modules=[
        *cythonize(
            [
                Extension(
                    "samtempa.games.shell._fast",
                    ["src/samtempa/games/shell/_fast.pyx"],
                    extra_compile_args=["-O2"],
                )
            ],
            language_level=3,
        ),
        *mypyc_extensions(),
    ]
)
