import numpy as np
import numpy.typing as npt

_U64 = npt.NDArray[np.uint64]
_Cells = npt.NDArray[np.intp]
_I32 = npt.NDArray[np.int32]
_I8 = npt.NDArray[np.int8]

def step(
    black_lo: _U64,
    black_hi: _U64,
    white_lo: _U64,
    white_hi: _U64,
    eggs_lo: _U64,
    eggs_hi: _U64,
    queue: npt.NDArray[np.uint8],
    queue_len: _Cells,
    turn: _I32,
    phase: _I8,
    result: _I8,
    winning_black: _I32,
    winning_white: _I32,
    black: _Cells,
    white: _Cells,
) -> None: ...
def check(
    black_lo: _U64,
    black_hi: _U64,
    white_lo: _U64,
    white_hi: _U64,
    eggs_lo: _U64,
    eggs_hi: _U64,
    result: _I8,
    black: _Cells,
    white: _Cells,
) -> tuple[int, int]: ...
def random_picks(
    black_lo: _U64,
    black_hi: _U64,
    white_lo: _U64,
    white_hi: _U64,
    eggs_lo: _U64,
    eggs_hi: _U64,
    result: _I8,
    seed: int,
    out: _Cells,
    out_white: _Cells | None = None,
) -> None: ...
def reset(
    black_lo: _U64,
    black_hi: _U64,
    white_lo: _U64,
    white_hi: _U64,
    eggs_lo: _U64,
    eggs_hi: _U64,
    queue_len: _Cells,
    turn: _I32,
    phase: _I8,
    result: _I8,
    winning_black: _I32,
    winning_white: _I32,
    games: _Cells,
) -> None: ...
