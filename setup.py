"""Builds samtempa's compiled parts; everything else is plain Python (pyproject.toml).

- ``samtempa.games.shell._fast`` (Cython): What the Shell's fast path for bots,
  learning and benchmarks, a separate implementation checked move for move
  against the plain engine (tests/games/shell/test_fast.py); its ``.pxd``
  shares the board, the generator and ``resolve`` with ``samtempa.bots.shell._search``
  and ``_matrix``, the bots' search, and ``_exact`` (with ``_solve``), the exact
  simultaneous search, which cimport them (never a copy); ``_solve.pxd`` in
  turn gives ``_matrix`` the one regret matching+; and
  ``samtempa.games.snake._fast``, Snake Synapse's, checked game for game
  (tests/games/snake/test_fast.py); ``samtempa.bots.snake._walk``, the Snake
  bots' walk search (an evaluation, not a rule).
- ``samtempa.games.shell._batch`` (Cython over the C of ``_batch.h``): the
  batched engine's kernel, every game of a batch stepped in one call, checked
  against the engine and the numpy batch (tests/games/shell/test_batch.py,
  test_batch_kernel.py). ``-O3`` without ``-march``: the wheel must run on any
  x86-64.
- The plain engines, compiled from their own typed Python sources with
  mypyc: the same code, What the Shell's about 1.3 times as fast, Snake
  Synapse's about twice. ``SAMTEMPA_PURE_PYTHON=1`` skips this;
  tests/conftest.py refuses to run against compiled modules older than their
  sources (the hashes in ``src/samtempa/_compiled.json``).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

SHELL = Path("src/samtempa/games/shell")
SNAKE = Path("src/samtempa/games/snake")
#: The compiled modules' source hashes, for the staleness check of tests/conftest.py.
MANIFEST = Path("src/samtempa/_compiled.json")


def compiled_groups() -> dict[str, list[str]]:
    """Each mypyc group and its sources: What the Shell's engine modules (not the
    Cython fast path's wrapper) and the whole Snake Synapse engine."""
    shell = [
        (SHELL / f"{m}.py").as_posix() for m in ("board", "state", "rules", "game", "notation")
    ]
    snake = sorted(
        p.as_posix() for p in SNAKE.rglob("*.py") if p.name not in ("__init__.py", "fast.py")
    )
    return {"samtempa.games.shell._engine": shell, "samtempa.games.snake._engine": snake}


def mypyc_extensions() -> list[Extension]:
    if os.environ.get("SAMTEMPA_PURE_PYTHON"):
        MANIFEST.unlink(missing_ok=True)
        return []
    from mypyc.build import mypycify

    groups = compiled_groups()
    sources = [s for group in groups.values() for s in group]
    MANIFEST.write_text(
        json.dumps({s: hashlib.sha256(Path(s).read_bytes()).hexdigest() for s in sources}, indent=1)
        + "\n"
    )
    extensions: list[Extension] = []
    for name, group in groups.items():
        extensions += mypycify(group, group_name=name)
    return extensions


setup(
    ext_modules=[
        *cythonize(
            [
                Extension(
                    "samtempa.games.shell._fast",
                    ["src/samtempa/games/shell/_fast.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.bots.shell._search",
                    ["src/samtempa/bots/shell/_search.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.bots.shell._matrix",
                    ["src/samtempa/bots/shell/_matrix.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.bots.shell._solve",
                    ["src/samtempa/bots/shell/_solve.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.bots.shell._exact",
                    ["src/samtempa/bots/shell/_exact.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.games.snake._fast",
                    ["src/samtempa/games/snake/_fast.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.bots.snake._walk",
                    ["src/samtempa/bots/snake/_walk.pyx"],
                    extra_compile_args=["-O2"],
                ),
                Extension(
                    "samtempa.games.shell._batch",
                    ["src/samtempa/games/shell/_batch.pyx"],
                    include_dirs=[str(SHELL)],
                    depends=[str(SHELL / "_batch.h")],
                    extra_compile_args=["-O3"],
                ),
            ],
            language_level=3,
            # the bots cimport the fast rules (games/shell/_fast.pxd) by package name
            include_path=["src"],
        ),
        *mypyc_extensions(),
    ]
)
