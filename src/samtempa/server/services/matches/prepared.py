"""Core statements compiled once per database dialect and run on the driver's own cursor.

The turn store (:mod:`.store`) runs a few statements for every order of every
game. SQLAlchemy writes their SQL for each dialect (placeholders, casts) and
converts each value as its column type says (JSON text, times): that is kept,
taken from SQLAlchemy when a dialect is first met. What is spared is the
bookkeeping of a Core execution (an execution context, a result object), which
on SQLite cost three times the statement itself (about 17 µs against 5 µs).
Transactions stay SQLAlchemy's: the statement runs on the connection, inside
the transaction the caller began. Engine events and ``echo`` do not see these
statements (they run below them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import IntegrityError
from sqlalchemy.sql.expression import ClauseElement

_Processor = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # every placeholder's parameter, in the order of the SQL
    positional: bool  # the driver takes a sequence (qmark, numeric) or a mapping
    defaults: Mapping[str, Any]  # the statement's own values (``status = 'playing'``)
    processors: Mapping[str, _Processor]  # the parameters this dialect converts, and how
    integrity_error: type[Exception]  # the driver's, raised as SQLAlchemy's


class Prepared:
    """One statement; :meth:`run` it with its parameters by name, get the rows it changed."""

    __slots__ = ("_by_dialect", "columns", "statement")

    def __init__(self, statement: ClauseElement, columns: tuple[str, ...] = ()) -> None:
        """``columns``: an ``INSERT``'s columns, given by name (the others take their
        defaults)."""
        self.statement = statement
        self.columns = columns
        self._by_dialect: dict[int, _Compiled] = {}

    def run(self, conn: Connection, params: Mapping[str, Any]) -> int:
        """Run inside ``conn``'s transaction; a constraint refusal raises
        :class:`~sqlalchemy.exc.IntegrityError` as a Core execution would."""
        dialect = conn.dialect
        compiled = self._by_dialect.get(id(dialect))
        if compiled is None:
            compiled = self._by_dialect[id(dialect)] = _compile(self, dialect)
        values = {**compiled.defaults, **params}
        for name, process in compiled.processors.items():
            values[name] = process(values[name])
        args: Any = tuple(values[n] for n in compiled.names) if compiled.positional else values
        driver = conn.connection.driver_connection
        assert driver is not None
        cursor = driver.cursor()
        try:
            cursor.execute(compiled.sql, args)
            rows: int = cursor.rowcount
        except compiled.integrity_error as err:
            raise IntegrityError(compiled.sql, args, err) from err
        finally:
            cursor.close()
        return rows


def _compile(prepared: Prepared, dialect: Dialect) -> _Compiled:
    keys = list(prepared.columns) or None
    compiled: Any = prepared.statement.compile(dialect=dialect, column_keys=keys)
    binds = {name: bind for bind, name in compiled.bind_names.items()}  # as the SQL names them
    names = tuple(compiled.positiontup or ()) if compiled.positional else tuple(binds)
    return _Compiled(
        sql=compiled.string,
        names=names,
        positional=bool(compiled.positional),
        defaults={k: b.value for k, b in binds.items() if not b.required and b.value is not None},
        processors={
            k: p
            for k, b in binds.items()
            if (p := b.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        },
        integrity_error=dialect.loaded_dbapi.IntegrityError,
    )
