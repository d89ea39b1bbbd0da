"""Every operation of the OpenAPI schema, fuzzed by schemathesis: never a server error.

One app with a real account logged in (the session cookie, and the CSRF token
in ``X-CSRF-Token`` as the pages' scripts send it), a few real games (What
the Shell against a bot, a Snake Synapse game still waiting for players, one
started against bots, an edition) and a child account, so that generated
ids sometimes name something that exists. Each operation gets a bounded,
derandomized run of positive and negative cases (the same requests on every
run: not flaky), checked with schemathesis' ``not_a_server_error`` and
``negative_data_rejection`` and two checks of ours: no traceback in any
answer, and a refusal on ``/api/`` says why in JSON (``error``, ``message``).
Failures are collected over all cases of an operation and reported together.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import negative_data_rejection

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from tests.server.conftest import csrf_of, sign_up

#: Cases per operation, valid and invalid ones; derandomized.
EXAMPLES = {GenerationMode.POSITIVE: 20, GenerationMode.NEGATIVE: 10}
#: Operations left out: logging out would end the account's session for the cases after it.
SKIP = {"POST /logout"}


@dataclass
class Site:
    """The app under test, its logged-in client, and real ids to aim at."""

    client: TestClient
    csrf: str
    ids: dict[str, list[Any]] = field(default_factory=dict)


def _created(response: Any) -> str:
    assert response.status_code in (201, 303), response.text[:300]
    if response.status_code == 201:
        return str(response.json()["match"])
    found = re.search(r"/(?:matches|editions)/([^/?#]+)", response.headers["location"])
    assert found, response.headers["location"]
    return found.group(1)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    data: Path = tmp_path_factory.mktemp("schemathesis")
    app = create_app(Settings(data_dir=data, bot_budget_s=0.05))
    with TestClient(app, raise_server_exceptions=False) as client:
        sign_up(client, "tester")
        csrf = csrf_of(client, "/account")
        headers = {"x-csrf-token": csrf}
        post = client.post
        shell = _created(
            post("/api/matches", json={"game": "what-the-shell", "seats": ["me", "bot:easy"]},
                 headers=headers)
        )  # fmt: skip
        post(f"/api/matches/{shell}/orders", json={"player": "black", "orders": "E5", "turn": 1},
             headers=headers)  # fmt: skip
        waiting = _created(
            post("/api/matches", json={"game": "snake-synapse", "seats": ["me", "open"],
                 "terrain": "classic", "races": ["dasher", "ghost"]}, headers=headers)
        )  # fmt: skip
        bots = _created(
            post("/api/matches", json={"game": "snake-synapse", "seats": ["me", "bot:easy"],
                 "terrain": "classic", "races": ["dasher", "ghost"]}, headers=headers)
        )  # fmt: skip
        edition = _created(
            post("/editions", data={"csrf_token": csrf, "game": "snake-synapse",
                 "terrain": "classic", "seats": "2", "title": "Fuzz", "early": "on"},
                 follow_redirects=False)
        )  # fmt: skip
        post("/account/children", data={"csrf_token": csrf, "login": "kid", "name": "Kid",
             "password": "password123", "birth_date": "2016-05-01"})  # fmt: skip
        account = client.get("/account").text
        children = [int(n) for n in re.findall(r'/account/children/(\d+)"', account)]
        yield Site(
            client,
            csrf,
            {
                "match_id": [shell, waiting, bots, edition],
                # and the edges of the columns' range, where overflows hide
                "number": [0, 1, 2, 2**31, 2**63, 10**30],
                "child_id": [*children, 2**31, 2**63],
                "game": ["what-the-shell", "snake-synapse"],
            },
        )


def _schema() -> Any:
    app = create_app(Settings(data_dir=Path("/nonexistent-never-opened")))
    return schemathesis.openapi.from_dict(app.openapi())


SCHEMA = _schema()
OPERATIONS = {
    op.label: op
    for result in SCHEMA.get_all_operations()
    for op in [result.ok()]
    if op.label not in SKIP
}


def _no_traceback(response: Any) -> str | None:
    if "Traceback (most recent call last)" in response.text:
        return "the answer shows a traceback"
    return None


def _says_why(path: str, response: Any) -> str | None:
    """A refusal of the JSON API carries a code and a message a person can read."""
    if not path.startswith("/api/") or not 400 <= response.status_code < 500:
        return None
    try:
        body = response.json()
    except ValueError:
        return f"{response.status_code} without a JSON body"
    if not (isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"]):
        return f"{response.status_code} without a message: {str(body)[:200]}"
    return None


def _run(site: Site, label: str, mode: GenerationMode) -> list[str]:
    operation = OPERATIONS[label]
    failures: list[str] = []
    names = {p.name for p in operation.path_parameters}
    aims = {name: site.ids[name] for name in names if site.ids.get(name)}

    @settings(
        max_examples=EXAMPLES[mode],
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode), data=st.data())
    def one(case: Any, data: st.DataObject) -> None:
        for name, values in aims.items():  # half the time, something that exists
            if mode is GenerationMode.POSITIVE and data.draw(st.booleans()):
                case.path_parameters[name] = data.draw(st.sampled_from(values))
        kwargs = case.as_transport_kwargs(base_url="http://testserver")
        kwargs.setdefault("headers", {})
        kwargs["headers"] = {**kwargs["headers"], "x-csrf-token": site.csrf}
        kwargs.pop("cookies", None)
        response = site.client.request(**kwargs, follow_redirects=False)
        problems = [_no_traceback(response), _says_why(case.path, response)]
        checks = [not_a_server_error]
        if mode is GenerationMode.NEGATIVE:
            checks.append(negative_data_rejection)
        try:
            case.validate_response(response, checks=checks)
        except (AssertionError, FailureGroup) as e:
            problems.append(" ".join(str(e).split())[:300])
        for problem in problems:
            if problem:
                failures.append(
                    f"[{response.status_code}] {kwargs['method']} {kwargs['url']}: {problem}"
                )

    try:
        one()
    except Unsatisfiable:
        if mode is GenerationMode.POSITIVE:
            raise
        pytest.skip("schemathesis can write no invalid request for this operation")
    return failures


def _has_inputs(label: str) -> bool:
    op = OPERATIONS[label]
    return bool(list(op.iter_parameters())) or bool(op.body)


RUNS = [
    pytest.param(label, mode, id=f"{label} {mode.value}")
    for label in sorted(OPERATIONS)
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    if mode is GenerationMode.POSITIVE or _has_inputs(label)  # nothing to make invalid
]


@pytest.mark.parametrize(("label", "mode"), RUNS)
def test_no_operation_answers_a_server_error(site: Site, label: str, mode: GenerationMode) -> None:
    failures = _run(site, label, mode)
    errors = sum(f.startswith("[5") for f in failures)
    summary = f"{len(failures)} failing cases, {errors} of them server errors:\n"
    assert failures == [], summary + "\n".join(failures[:10])


def test_the_schema_covers_the_platform() -> None:
    assert len(OPERATIONS) >= 50
    assert {"GET /matches/{match_id}/turns/{number}.svg", "POST /api/matches"} <= set(OPERATIONS)
