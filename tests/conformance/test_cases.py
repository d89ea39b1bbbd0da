"""Every vendored conformance case, played in-process as ``samtempa adjudicate`` plays it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from samtempa.adjudicate import load_case, run_case
from samtempa.conformance import differences

CASES = Path(__file__).parent / "cases"


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
