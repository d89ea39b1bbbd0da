from collections.abc import Sequence

RACE_NAMES: tuple[str, ...]
CAUSE_NAMES: tuple[str | None, ...]

class FastOrders:
    def __init__(
        self,
        orders: Sequence[
            tuple[tuple[int, ...], int, int, int, int, int, int, tuple[tuple[int, int, int], ...]]
            | None
        ],
    ) -> None: ...

class FastTerrain:
    wraps: list[tuple[tuple[int, ...], tuple[int, ...]]]
    def __init__(
        self,
        offsets: dict[int, int],
        program: list[int],
        wrap_tables: list[list[int]],
        wraps: list[tuple[tuple[int, ...], tuple[int, ...]]],
    ) -> None: ...

class FastState:
    def __init__(
        self,
        terrain: FastTerrain,
        n: int,
        area: int,
        nb: tuple[int, ...],
        grid: bytes,
        pending: tuple[tuple[int, bool], ...],
        snakes: tuple[tuple[object, ...], ...],
        turn: int,
        deaths: int,
        twd: int,
        path_length: int,
        portals: tuple[tuple[int, int, int, int, bool], ...] = ...,
    ) -> None: ...
    def copy(self) -> FastState: ...
    def after(self, orders: FastOrders) -> FastState | None: ...
    def play(self, orders: FastOrders) -> bool: ...
    @property
    def turn(self) -> int: ...
    @property
    def path_length(self) -> int: ...
    @property
    def wrap(self) -> tuple[tuple[int, ...], tuple[int, ...]] | None: ...
    def queued(self) -> tuple[int, ...]: ...
    @property
    def deaths(self) -> int: ...
    @property
    def turns_without_death(self) -> int: ...
    @property
    def result(self) -> tuple[str, int] | tuple[str, list[int]] | None: ...
    def portals(self) -> tuple[tuple[int, int, int, int, bool], ...]: ...
    def links(self, s: int) -> tuple[tuple[int, int], ...]: ...
    def grid(self) -> bytes: ...
    def pending(self) -> tuple[tuple[int, bool], ...]: ...
    def alive(self, s: int) -> bool: ...
    def head(self, s: int) -> int: ...
    def snake(
        self, s: int
    ) -> tuple[
        tuple[int, ...], bool, int, int, int, bool, tuple[int, int, int, int, int] | None
    ]: ...
