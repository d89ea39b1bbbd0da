"""The match coordinator: the one authority over a match's turns.

For every order it authenticates the author, checks that the match waits for
that player, stores the order sealed, and when every order is in (or the
deadline passes and the missed-order policy fills the gaps) resolves the turn
through the engine and stores the new state and the turn record in the same
transaction. Then it pushes each viewer its own ``player_view``.

Secrecy: an order goes back to its author only. The "submitted" notice that
others get names the player, never the orders; nothing here logs an order.

Exactly once: the transaction functions below (``*_tx``) lock the match (SQLite:
``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT … FOR UPDATE``), so concurrent
submissions, from one process or several, are serialised by the database;
``Turn`` is unique per (match, number) besides. The async
:class:`MatchCoordinator` adds a lock per match in this process, so its
messages leave in the order the turns happened.

The package: :mod:`.values` (who asks, what passes around), :mod:`.orders` (the
checks), :mod:`.turns` (the transaction functions), :mod:`.store` (the one write
path of a turn, used by :mod:`.turns` and by the fast path :mod:`.hot`), :mod:`.views`
(what a viewer may see), :mod:`.coordinator` (locks, fan-out, bots).
"""

from samtempa.server.services.matches.clocks import ClockRules, clock_rules, register_clock
from samtempa.server.services.matches.coordinator import MatchCoordinator
from samtempa.server.services.matches.orders import ORDER_ERRORS, check_order
from samtempa.server.services.matches.turns import (
    Computed,
    _resolve,
    compute_turn,
    lock_match,
    open_turn,
    pending_of,
    resolve_due_tx,
    rng_for,
    seats_of,
    start_match_tx,
    submit_tx,
)
from samtempa.server.services.matches.values import (
    BOT,
    Actor,
    Holder,
    LiveInfo,
    Reveal,
    SubmitOutcome,
    TurnOpen,
    controlled,
    holders_of,
    utcnow,
)
from samtempa.server.services.matches.views import live_info_tx, seat_json, snapshot_message

__all__ = [
    "BOT",
    "ORDER_ERRORS",
    "Actor",
    "ClockRules",
    "Computed",
    "Holder",
    "LiveInfo",
    "MatchCoordinator",
    "Reveal",
    "SubmitOutcome",
    "TurnOpen",
    "_resolve",
    "check_order",
    "clock_rules",
    "compute_turn",
    "controlled",
    "holders_of",
    "live_info_tx",
    "lock_match",
    "open_turn",
    "pending_of",
    "register_clock",
    "resolve_due_tx",
    "rng_for",
    "seat_json",
    "seats_of",
    "snapshot_message",
    "start_match_tx",
    "submit_tx",
    "utcnow",
]
