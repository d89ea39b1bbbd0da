"""Path parameters bounded by their type, so that no number reaches the database out of range.

A turn number no game reaches or a row id past the columns' 32 bits (PostgreSQL's
``integer``) is refused by validation, with the clear message of :mod:`.errors`,
instead of overflowing in a query.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Path

from samtempa.games.base import MAX_NUMBER

#: The largest value of an ``Integer`` column on every database we run on.
MAX_ROW_ID = 2**31 - 1

#: A turn number in an address: 0 (the start) to the most any game reaches.
TurnNumber = Annotated[int, Path(ge=0, le=MAX_NUMBER)]
#: The id of a row (an account…) in an address.
RowId = Annotated[int, Path(ge=1, le=MAX_ROW_ID)]
