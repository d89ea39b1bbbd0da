"""A bot's open turn outlives a crash of ``samtempa serve`` (issue 17, item 4).

The server is killed while its bot thinks (a long thinking budget), then
started again on the same data with a short one: the bot plays the open turn
at once, and the turn resolves, instead of waiting for its hour-long clock
and the missed-order policy.
"""

from __future__ import annotations

import signal
from functools import partial
from pathlib import Path

from tests.security.conftest import ServeProcess
from tests.security.play_http import Message, signed_up, snapshot, wait_until

GAMES = {  # game: (the human's seat, their orders for turn 1)
    "what-the-shell": ("black", "E5"),
    "snake-synapse": ("red", {"path": "RRDLL"}),
}


def test_a_bot_whose_turn_was_open_when_the_server_died_plays_it_on_start(
    tmp_path: Path,
) -> None:
    # The hard bots think for their whole budget: a minute, far longer than this test.
    proc = ServeProcess(tmp_path, env={"SAMTEMPA_BOT_BUDGET_S": "60"})
    proc.start()
    try:
        ana = signed_up(proc, "ana")
        matches = {}
        for game, (mine, orders) in GAMES.items():
            body = {"game": game, "seats": ["me", "bot:hard"], "clock_s": 3600}
            answer = ana.api("POST", "/api/matches", body)
            assert answer.status_code == 201, answer.text
            match_id = matches[game] = answer.json()["match"]
            turn_1 = {"player": mine, "orders": orders, "turn": 1}
            sent = ana.api("POST", f"/api/matches/{match_id}/orders", turn_1)
            assert sent.status_code == 200, sent.text
            before = snapshot(ana, match_id)
            assert (before["turn"], before["submitted"]) == (0, [mine]), "the bot played already"

        proc.stop(signal.SIGKILL)  # a crash, while the bots think
        proc.env = {"SAMTEMPA_BOT_BUDGET_S": "0.05"}
        proc.start()

        def played(match_id: str) -> Message | None:
            found = snapshot(ana, match_id)
            return found if found["turn"] >= 1 else None

        for game, match_id in matches.items():
            after = wait_until(
                partial(played, match_id),
                timeout=20,
                what=f"the bot to play turn 1 of {game} after the restart",
            )
            assert after["status"] == "playing"
            turns = ana.client.get(f"/api/matches/{match_id}/turns").json()
            assert turns[0]["missed"] == [], "the bot got the missed-order policy"
    finally:
        proc.stop()
