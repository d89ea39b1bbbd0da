from random import Random

def search(
    state: tuple[object, ...],
    seconds: float,
    max_depth: int,
    max_nodes: int,
    widths: tuple[int, ...],
    weights: tuple[float, ...],
    root_iterations: int = ...,
    inner_iterations: int = ...,
    playouts: int = ...,
    mix: float = ...,
    policy: tuple[float, float, float] = ...,
    rng: Random | None = ...,
) -> tuple[list[int], list[float], list[int], list[float], float, int, int, list[float]]: ...
def candidate_cells(state: tuple[object, ...], black: bool, k: int) -> list[int]: ...
def evaluation(state: tuple[object, ...], weights: tuple[float, ...]) -> float: ...
