"""The import-linter contracts of pyproject.toml catch an upward import (docs/architecture.md).

Each test copies the package's Python files to a temporary folder, adds one bad
import and runs `lint-imports` with the project's own contracts on the copy.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed")


def _copy(tmp: Path) -> Path:
    """The package's .py files (no data, no compiled modules) and the project's contracts."""
    src = ROOT / "src" / "samtempa"
    for path in src.rglob("*.py"):
        target = tmp / "src" / "samtempa" / path.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    shutil.copyfile(ROOT / "pyproject.toml", tmp / "pyproject.toml")
    return tmp / "src" / "samtempa"


def _lint(tmp: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(tmp / "src")}
    return subprocess.run(
        [str(LINT), "--no-cache"], cwd=tmp, env=env, capture_output=True, text=True, check=False
    )


def _append(path: Path, line: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def test_the_copy_keeps_every_contract(tmp_path: Path) -> None:
    _copy(tmp_path)
    result = _lint(tmp_path)
    assert result.returncode == 0, result.stdout


def test_an_engine_importing_the_server_breaks_the_package_layers(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    _append(package / "games" / "base.py", "import samtempa.server.app  # noqa")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "Package layers" in result.stdout
    assert "samtempa.games.base -> samtempa.server.app" in result.stdout


def test_a_model_importing_a_service_breaks_the_server_layers(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    _append(package / "server" / "models.py", "import samtempa.server.services.chat  # noqa")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "Server layers" in result.stdout


def test_a_new_cycle_between_siblings_breaks_the_acyclic_contract(tmp_path: Path) -> None:
    package = _copy(tmp_path)
    # frame.py imports board.py; the reverse closes a circle inside games/snake.
    _append(package / "games" / "snake" / "board.py", "import samtempa.games.snake.frame  # noqa")
    result = _lint(tmp_path)
    assert result.returncode != 0
    assert "No cycles between sibling modules anywhere BROKEN" in result.stdout
    assert ".board -> .frame" in result.stdout or ".frame -> .board" in result.stdout
