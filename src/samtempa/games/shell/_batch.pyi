import numpy as np
import numpy.typing as npt

_U64 = npt.NDArray[np.uint64]
_Cells = npt.NDArray[np.intp]
_I32 = npt.NDArray[np.int32]
_I8 = npt.NDArray[np.int8]

class Kernel:
    def __init__(
        self,
        boards: _U64,
        queue: npt.NDArray[np.uint8],
        queue_len: _Cells,
        turn: _I32,
        phase: _I8,
        result: _I8,
        winning_black: _I32,
        winning_white: _I32,
    ) -> None: ...
    def step(self, black: _Cells, white: _Cells) -> None: ...
    def random_picks(self, seed: int, out: _Cells, out_white: _Cells | None = None) -> None: ...
    def check(self, black: _Cells, white: _Cells) -> tuple[int, int]: ...
    def reset(self, games: _Cells) -> None: ...
    def finished(self, out: _Cells) -> int: ...
