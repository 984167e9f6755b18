"""What both OpenSpiel adapters share: the kind of game they are, and their returns."""

from __future__ import annotations

from typing import Any

import pyspiel

MAX_PLAYERS = 4


def game_type(short_name: str, long_name: str) -> Any:
    """OpenSpiel's description of one of our games: sequential, explicit chance, imperfect
    information, general-sum returns at the end, 2 to 4 players (parameter ``players``),
    information-state strings, observation strings and tensors."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 2},
    )


def shared_win(winners: Any, players: int) -> list[float]:
    """Returns: each winner ``1 / number of winners``, the others 0 (all 0 when nobody wins or
    the game goes on: ``winners`` empty or ``None``)."""
    if not winners:
        return [0.0] * players
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(players)]
