"""The :class:`~engine.runtime.api.Game` of Race to the New Found Land."""

from __future__ import annotations

import types
from typing import TYPE_CHECKING, Any, ClassVar

from engine.runtime.api import Game, GameConfig

if TYPE_CHECKING:
    from engine.race_to_the_new_found_land.defs import Tables


class RaceGame(Game):
    """An immutable game: the configuration and the :class:`Tables` built from the generated spec values.

    ``generated`` is the package of generated modules to read (default: the committed
    ``engine.race_to_the_new_found_land.generated``); tests pass one rendered from a modified spec.
    """

    game_id: ClassVar[str] = "race_to_the_new_found_land"
    _cache: ClassVar[dict[Any, Any]] = {}

    def __init__(self, config: GameConfig, generated: types.ModuleType | None = None) -> None:
        super().__init__(config)
        from engine.race_to_the_new_found_land.tables import build_tables, default_generated

        gen = generated or default_generated()
        key = (id(gen), config.players, config.edition, tuple(sorted(config.rulings.items())), config.variants)
        tables = self._cache.get(key)
        if tables is None:
            tables = build_tables(gen, config)
            if generated is None:
                self._cache[key] = tables
        self.tables: Tables = tables
        self.generated = gen

    @property
    def readings(self) -> dict[str, str]:
        """Ruling id → the reading this configuration plays by (edition's, default, or overridden)."""
        return dict(self.tables.readings)

    def new_initial_state(self) -> Any:
        from engine.race_to_the_new_found_land.state import RaceState

        return RaceState(self)
