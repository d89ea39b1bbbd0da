"""Game records: one JSON format to save, share, replay and draw a game (``docs/records.md``).

A record holds what is needed to replay every state and every frame of a game
through the :class:`~samtempa.games.base.Game` protocol, and nothing the
engine can recompute: the game, its setup (or start state), the players'
display names, the orders of every turn in the game's conformance notation,
the result and some dates. Replaying never re-implements a rule: each turn is
``game.play(state, orders)``.

>>> record = new_record("what-the-shell", players=[Player("black", "Ana"), Player("white", "Bo")])
>>> _ = record.append("E5/B4")
>>> Record.from_json(record.to_json()).final_state().turn
1
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from samtempa.games.base import (
    JSON,
    Game,
    OrderError,
    Outcome,
    PlayerId,
    StateError,
    Step,
    Termination,
)
from samtempa.games.registry import GAME_NAMES, get_game, get_spec
from samtempa.record_parts import (
    _KEYS,
    FORMAT,
    VERSION,
    Player,
    RecordError,
    ReplayedTurn,
    Turn,
    _copy,
    _is_outcome_json,
    _optional_object,
    _optional_str,
    _play,
    _read_players,
    _read_turn,
    _show,
    now,
    state_digest,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "Player",
    "Record",
    "RecordError",
    "ReplayedTurn",
    "Turn",
    "new_record",
    "outcome_to_json",
    "players_may_end",
    "record_from_case",
    "state_digest",
    "turn_notation",
]


@dataclass(slots=True)
class Record:
    """A game record (format ``samtempa-record`` version 1).

    ``setup`` is the game's setup object (None: the default game); ``start``,
    when given, is a canonical state the game started from instead (it wins
    over ``setup``). ``turns`` hold orders in the conformance notation
    (What the Shell ``"E5/B4"``, Snake Synapse an orders object), ``result``
    is ``{"winner": id}``, ``{"draw": [ids]}`` or None, ``meta`` is free for
    the server or the arena (match id, bot levels, seed…).
    """

    game: str
    setup: JSON | None = None
    start: JSON | None = None
    players: list[Player] = field(default_factory=list)
    turns: list[Turn] = field(default_factory=list)
    result: JSON | None = None
    created: str | None = None
    finished: str | None = None
    meta: JSON = field(default_factory=dict)
    _cache: tuple[int, Any] | None = field(default=None, repr=False, compare=False)

    # --- reading and writing -------------------------------------------------------

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record, checking its shape (not yet its turns: see :meth:`check`)."""
        if not isinstance(data, dict):
            raise RecordError("a record is a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record: 'format' must be {FORMAT!r}")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not supported (expected {VERSION})")
        unknown = sorted(set(data) - _KEYS)
        if unknown:
            raise RecordError(f"unknown keys {', '.join(unknown)}")
        game = data.get("game")
        if game not in GAME_NAMES:
            raise RecordError(f"unknown game {game!r}; expected one of {', '.join(GAME_NAMES)}")
        setup = _optional_object(data, "setup")
        start = _optional_object(data, "start")
        players = _read_players(data.get("players", []))
        raw_turns = data.get("turns")
        if not isinstance(raw_turns, list):
            raise RecordError("'turns' must be a list")
        turns = [_read_turn(n, t) for n, t in enumerate(raw_turns, 1)]
        result = _optional_object(data, "result")
        if result is not None and not _is_outcome_json(result):
            raise RecordError(
                '\'result\' must be {"winner": ID} or {"draw": [IDS]}, with an optional '
                '"termination" ("resignation", "agreement"), or null'
            )
        created, finished = _optional_str(data, "created"), _optional_str(data, "finished")
        meta = _optional_object(data, "meta") or {}
        return cls(game, setup, start, players, turns, result, created, finished, meta)

    def to_json(self) -> JSON:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "setup": self.setup,
            "start": self.start,
            "players": [p.to_json() for p in self.players],
            "turns": [t.to_json() for t in self.turns],
            "result": self.result,
            "created": self.created,
            "finished": self.finished,
            "meta": self.meta,
        }

    def dumps(self) -> str:
        """The record as JSON text, one turn a line so that diffs and eyes can follow it."""
        head = {k: v for k, v in self.to_json().items() if k != "turns"}
        lines = json.dumps(head, ensure_ascii=False, indent=2)[:-2]
        turns = ",\n    ".join(json.dumps(t.to_json(), ensure_ascii=False) for t in self.turns)
        body = f'"turns": [\n    {turns}\n  ]' if self.turns else '"turns": []'
        return f"{lines},\n  {body}\n}}\n"

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot read {path}: {e.strerror}") from e
        try:
            data = json.loads(text)
        except ValueError as e:
            raise RecordError(f"{path} is not JSON: {e}") from e
        return cls.from_json(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    # --- replaying -----------------------------------------------------------------

    @property
    def engine(self) -> Game[Any, Any]:
        return get_game(self.game)

    def initial_state(self) -> Any:
        """The state before turn 1: ``start`` if given, else the game set up from ``setup``."""
        game = self.engine
        try:
            if self.start is not None:
                return game.from_json(self.start)
            return game.initial_state(self.setup)
        except StateError as e:
            what = "start" if self.start is not None else "setup"
            raise RecordError(f"invalid {what}: {e}", code="bad-start") from e

    def replay(self, *, check_digests: bool = True) -> Iterator[ReplayedTurn]:
        """Play every turn through the engine, yielding each; raises :class:`RecordError`.

        The error names the first turn the engine rejects, or whose resulting
        state differs from the digest the record kept.
        """
        game = self.engine
        state = self.initial_state()
        for n, turn in enumerate(self.turns, 1):
            step = _play(game, state, turn.orders, n)
            if check_digests and turn.digest is not None:
                got = state_digest(game.to_json(step.state))
                if got != turn.digest:
                    raise RecordError(
                        f"the state after this turn differs from the recorded one "
                        f"(digest {got}, record says {turn.digest})",
                        turn=n,
                        code="digest-mismatch",
                    )
            yield ReplayedTurn(n, state, step)
            state = step.state
        self._cache = (len(self.turns), state)

    def states(self) -> list[Any]:
        """Every state between turns: the start, then the state after each turn."""
        out = [self.initial_state()]
        out.extend(t.after for t in self.replay())
        return out

    def state_at(self, turn: int) -> Any:
        """The state after ``turn`` turns (0: the start; negative counts from the end)."""
        n = len(self.turns)
        k = turn + n + 1 if turn < 0 else turn
        if not 0 <= k <= n:
            raise RecordError(f"the record has {n} turns; there is no turn {turn}")
        if k == 0:
            return self.initial_state()
        if k == n:
            return self.final_state()
        return self.turn_at(k).after

    def turn_at(self, turn: int) -> ReplayedTurn:
        """Turn ``turn`` (from 1; negative counts from the end) with the state before it."""
        n = len(self.turns)
        k = turn + n + 1 if turn < 0 else turn
        if not 1 <= k <= n:
            raise RecordError(f"the record has {n} turns; there is no turn {turn}")
        for replayed in self.replay():
            if replayed.number == k:
                return replayed
        raise AssertionError("unreachable")  # pragma: no cover

    def final_state(self) -> Any:
        """The state after the last turn (cached while no turn is added)."""
        if self._cache is not None and self._cache[0] == len(self.turns):
            return self._cache[1]
        state = self.initial_state()
        for replayed in self.replay():
            state = replayed.after
        return state

    def check(self) -> Any:
        """Replay the whole record and check its result; returns the final state.

        A result by the rules must be the engine's outcome of the final state;
        one by the players (a resignation, an agreed draw) must be an ending the
        engine gives for that state (:meth:`Game.resign`, :meth:`Game.agreed_draw`)
        while the rules had not ended the game.
        """
        state = self.final_state()
        game = self.engine
        got = game.outcome(state)
        recorded = Outcome.from_json(self.result) if self.result is not None else None
        if recorded is not None and recorded.termination is not Termination.RULES:
            if got is None and players_may_end(game, state, recorded):
                return state
        elif outcome_to_json(got) == self.result:
            return state
        last = len(self.turns)
        raise RecordError(
            f"the record says the result is {_show(self.result)} "
            f"but the replay gives {_show(outcome_to_json(got))}",
            turn=last if last else None,
            code="result-mismatch",
        )

    # --- writing a game as it is played --------------------------------------------

    def append(self, orders: Any, at: str | None = None) -> Step[Any]:
        """Play one more turn (conformance notation) and keep it; raises :class:`OrderError`.

        A rejected turn leaves the record as it was. When the game ends,
        ``result`` and ``finished`` are filled in.
        """
        if self.result is not None:
            raise OrderError("game-over", "the game is over; no more turns")
        game = self.engine
        before = self.final_state()
        step = game.play(before, orders)
        when = at if at is not None else now()
        self.turns.append(Turn(_copy(orders), when, state_digest(game.to_json(step.state))))
        self._cache = (len(self.turns), step.state)
        outcome = game.outcome(step.state)
        if outcome is not None:
            self.result = outcome_to_json(outcome)
            self.finished = when
        return step

    def append_orders(self, orders: Mapping[PlayerId, Any], at: str | None = None) -> Step[Any]:
        """:meth:`append` from each player's orders in JSON form (what bots and clients send)."""
        return self.append(turn_notation(self.game, orders), at)

    def end(self, outcome: Outcome, at: str | None = None) -> None:
        """End the game by its players (a resignation, an agreed draw) after the last turn.

        Raises :class:`RecordError` when the game is already over or the engine
        gives no such ending for the state reached (a record keeps only endings
        that :meth:`check` accepts).
        """
        if self.result is not None:
            raise RecordError("the game is already over", code="game-over")
        state = self.final_state()
        game = self.engine
        if (
            outcome.termination is Termination.RULES
            or game.outcome(state) is not None
            or not players_may_end(game, state, outcome)
        ):
            raise RecordError(
                f"{_show(outcome.to_json())} is not an ending the players can give now",
                code="result-mismatch",
            )
        self.result = outcome.to_json()
        self.finished = at if at is not None else now()


# --- helpers ---------------------------------------------------------------------------


def new_record(
    game: str,
    setup: Mapping[str, Any] | None = None,
    players: Sequence[Player] = (),
    *,
    start: JSON | None = None,
    meta: Mapping[str, Any] | None = None,
    created: str | None = None,
) -> Record:
    """A record of a game about to start; checks that the game can be set up."""
    if game not in GAME_NAMES:
        raise RecordError(f"unknown game {game!r}; expected one of {', '.join(GAME_NAMES)}")
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise RecordError("two players share one id")
    record = Record(
        game,
        _copy(dict(setup)) if setup is not None else None,
        _copy(start),
        list(players),
        created=created if created is not None else now(),
        meta=_copy(dict(meta or {})),
    )
    record.initial_state()
    return record


def record_from_case(case: Mapping[str, Any]) -> Record:
    """The record of a conformance case's accepted turns (a rejected turn ends it).

    The case's ``start`` becomes the record's ``start`` when it is a canonical
    state (it has a ``game`` key) and its ``setup`` otherwise.
    """
    game = case.get("game")
    if not isinstance(game, str) or game not in GAME_NAMES:
        raise RecordError(f"unknown game {game!r}")
    start = case.get("start")
    if start is not None and not isinstance(start, dict):
        raise RecordError("a case's start must be an object")
    is_state = isinstance(start, dict) and "game" in start
    record = new_record(
        game,
        None if is_state else start,
        start=start if is_state else None,
        meta={"case": case["id"]} if isinstance(case.get("id"), str) else None,
    )
    for orders in case.get("turns", []):
        try:
            record.append(orders)
        except OrderError:
            break
    # A case happens at no date.
    record.created = record.finished = None
    for turn in record.turns:
        turn.at = None
    return record


def turn_notation(game: str, orders: Mapping[PlayerId, Any]) -> Any:
    """One turn in conformance notation from each player's orders in JSON form
    (the game's own notation: :attr:`GameSpec.turn_notation`)."""
    return get_spec(game).turn_notation(orders)


def outcome_to_json(outcome: Outcome | None) -> JSON | None:
    return None if outcome is None else outcome.to_json()


def players_may_end(game: Game[Any, Any], state: Any, outcome: Outcome) -> bool:
    """Whether ``outcome`` is an ending by the players the engine gives for ``state``:
    one of the players' resignation, or the draw all of them agree to."""
    try:
        if outcome.termination is Termination.RESIGNATION:
            return any(game.resign(state, p).outcome == outcome for p in game.players(state))
        if outcome.termination is Termination.AGREEMENT:
            return game.agreed_draw(state) == outcome
    except OrderError:
        return False
    return False
