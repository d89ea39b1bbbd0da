"""Every vendored conformance case, played in-process as ``samtempa adjudicate`` plays it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from samtempa.adjudicate import load_case, run_case

CASES = Path(__file__).parent / "cases"


def differences(expect: Any, actual: Any, path: str = "$") -> list[str]:
    """Partial comparison of conformance.md: named keys only, whole lists, typed scalars."""
    if isinstance(expect, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        out = []
        for key, value in expect.items():
            if key not in actual:
                out.append(f"{path}.{key}: missing")
            else:
                out += differences(value, actual[key], f"{path}.{key}")
        return out
    if isinstance(expect, list):
        if not isinstance(actual, list) or len(actual) != len(expect):
            return [f"{path}: expected {json.dumps(expect)}, got {json.dumps(actual)}"]
        return [
            d
            for i, (e, a) in enumerate(zip(expect, actual, strict=True))
            for d in differences(e, a, f"{path}[{i}]")
        ]
    same_type = type(expect) is type(actual) or (
        isinstance(expect, int | float)
        and isinstance(actual, int | float)
        and not isinstance(expect, bool)
        and not isinstance(actual, bool)
    )
    if same_type and expect == actual:
        return []
    return [f"{path}: expected {json.dumps(expect)}, got {json.dumps(actual)}"]


def case_params() -> list[Any]:
    params = []
    for path in sorted(CASES.rglob("*.json")):
        rel = path.relative_to(CASES).as_posix()
        params.append(pytest.param(path, id=rel))
    return params


@pytest.mark.parametrize("path", case_params())
def test_case(path: Path) -> None:
    case = load_case(path)
    want_error = "expect_error" in case
    status, out = run_case(case, frames="frames" in case.get("expect", {}))
    if want_error:
        assert status == 1, f"expected turn {case['expect_error']} rejected, got a state"
        assert differences(case["expect_error"], out["error"]) == []
    else:
        assert status == 0, f"turn rejected: {out.get('error')}"
        assert differences(case["expect"], out) == []


def test_cases_exist_for_both_games() -> None:
    assert len(list((CASES / "what-the-shell").glob("*.json"))) >= 38
    assert len(list((CASES / "snake-synapse").rglob("*.json"))) >= 70
