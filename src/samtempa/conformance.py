"""The partial comparison of ``rules/conformance.md``.

A case's ``expect`` (and a lesson's claimed outcome) is a *partial*
canonical state: the engine's state matches it when every key it names is
present and equal, objects compared key by key, lists whole and element by
element, numbers by value but never ``True`` for ``1``. The conformance
tests and the tutorials both compare this way.

>>> differences({"turn": 1, "eggs": []}, {"turn": 1, "eggs": ["E5"], "phase": "normal"})
['$.eggs: expected [], got ["E5"]']
"""

from __future__ import annotations

import json
from typing import Any


def differences(expect: Any, actual: Any, path: str = "$") -> list[str]:
    """Where ``actual`` differs from the partial ``expect``; empty when it matches."""
    if isinstance(expect, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {json.dumps(actual)}"]
        out: list[str] = []
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


def matches(expect: Any, actual: Any) -> bool:
    return not differences(expect, actual)
