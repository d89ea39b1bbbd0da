from random import Random

Policy = tuple[float, ...]  # (p_win, p_block, p_near[, p_four, p_stop])

def five_cells(own: int, empty: int) -> int: ...
def four_cells(own: int, empty: int) -> int: ...
def near_cells(occupied: int) -> int: ...
def policy_playout(
    state: tuple[object, ...], policy: Policy, rng: Random, max_turns: int = ...
) -> tuple[str, int]: ...
def duct(
    state: tuple[object, ...],
    cand_black: list[int],
    cand_white: list[int],
    seconds: float,
    max_iterations: int,
    exploration: float,
    policy: Policy,
    rng: Random,
    max_turns: int = ...,
) -> tuple[list[int], list[float], list[int], list[float], int]: ...
def duct_tree(
    state: tuple[object, ...],
    seconds: float,
    max_iterations: int,
    exploration: float,
    policy: Policy,
    rng: Random,
    expand_after: int = ...,
    max_nodes: int = ...,
    max_turns: int = ...,
) -> tuple[list[int], list[int], list[float], list[int], list[float], int, int]: ...
def joint_matrix(
    state: tuple[object, ...],
    cand_black: list[int],
    cand_white: list[int],
    seconds: float,
    max_rounds: int,
    policy: Policy,
    rng: Random,
    max_turns: int = ...,
) -> tuple[list[float], list[int], int]: ...
