"""The engines that setup.py compiles with mypyc are the ones imported (unless the
build is pure Python), and the manifest names exactly what setup.py compiles."""

from __future__ import annotations

import importlib
import json

import pytest

from .conftest import SRC, compiled_sources


def test_every_compiled_source_is_imported_compiled() -> None:
    manifest = SRC / "samtempa" / "_compiled.json"
    if not manifest.exists():
        pytest.skip("a pure-Python build (SAMTEMPA_PURE_PYTHON=1)")
    built = set(json.loads(manifest.read_text()))
    root = SRC.parent
    assert built == {p.relative_to(root).as_posix() for p in compiled_sources()}
    for path in sorted(built):
        name = path.removeprefix("src/").removesuffix(".py").replace("/", ".")
        module = importlib.import_module(name)
        assert str(module.__file__).endswith(".so"), f"{name} runs interpreted"
