"""The most decisions a game of *Francis Drake* can pose: a finite bound from the spec's numbers.

Learning libraries ask for it before a game starts (OpenSpiel's ``max_game_length``). Per voyage a captain
places at most one Player Disc per decision and then sails; places each Mission Disc once; resolves each
(and decides, after it, whether to sail on); and may hold the Informer (two decisions). The Admiral and the
Governor lay their counters once each per voyage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.francis_drake.state import FrancisDrakeGame


def max_decisions(game: FrancisDrakeGame) -> int:
    """An upper bound on the decisions of one game of ``game`` (its player count included)."""
    tables, players = game.tables, game.num_players
    discs = len(tables.mission_numbers) + 2  # the numbered Mission Discs, the Golden Hind, the Ghost Ship
    per_player = tables.player_discs // max(1, tables.discs_per_placement) + 1 + 3 * discs + 2
    return tables.voyages * (players * per_player + 2)
