"""The engine's typed view of the spec: plain, fast, immutable definitions.

:mod:`engine.race_to_the_new_found_land.tables` builds one :class:`Tables` from the generated modules (which are
rendered from the spec) plus a game configuration (edition, ruling overrides, variants, player count). The
mechanics in :mod:`engine.race_to_the_new_found_land.state` only read these objects: every number of the rules
arrives here from the spec. Goods are ``tuple[int, ...]`` counts indexed like :attr:`Tables.goods`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

Goods = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Bonus:
    """One bonus printed on an island tile: goods and/or points."""

    goods: Goods
    points: int


@dataclass(frozen=True, slots=True)
class ShipDef:
    """A ship tile (small or large, starting ships included) or a charter-ship card's ship values."""

    id: str
    large: bool
    sail: int
    crate: int
    settler: int
    telescope: int
    cost: Goods
    nation: str | None = None


@dataclass(frozen=True, slots=True)
class CardDef:
    """A "1x" card: a charter ship (``ship`` set), a goods card, or a points card."""

    id: str
    kind: str
    goods: Goods
    points: int
    ship: ShipDef | None = None
    nation: str | None = None


@dataclass(frozen=True, slots=True)
class IslandDef:
    id: str
    spaces: tuple[int, ...]
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class IslandSpaceDef:
    id: str
    island: int
    shape: str


@dataclass(frozen=True, slots=True)
class IslandTileDef:
    id: str
    shape: str
    bonuses: tuple[Bonus, ...]


@dataclass(frozen=True, slots=True)
class CityDef:
    id: str
    cube_spaces: int
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class ContractDef:
    id: str
    goods: Goods
    points: int
    city: int | None = None


@dataclass(frozen=True, slots=True)
class FrameDef:
    """A frame marker: where it starts, and what reaching it gives (``objectives`` stack n, ``captains``, ``goods``)."""

    id: str
    position: int
    reward: str
    stack: int = -1


@dataclass(frozen=True, slots=True)
class ObjectiveDef:
    """An objective card: a condition ``kind`` with its ``subject`` and tiers ``(threshold, points)``."""

    id: str
    kind: str
    subject: str | None
    tiers: tuple[tuple[int, int], ...]
    min_markers: int = 0


@dataclass(frozen=True, slots=True)
class CaptainDef:
    id: str
    ability: str
    amount: int
    immediate_goods: Goods = ()


@dataclass(frozen=True, slots=True)
class NationDef:
    """A player board: its nation, start-player number, load table, action limits and expansions."""

    id: str
    number: int
    start_ship: int
    start_card: int
    load_table: tuple[int, ...]
    action_max: tuple[int, ...]
    expansion: str
    expansion_cost: Goods
    expansion_amount: int


@dataclass(frozen=True)
class Tables:
    """Everything the mechanics need, resolved for one configuration."""

    players: int
    goods: tuple[str, ...]
    gold: int
    actions: tuple[str, ...]
    ships: tuple[ShipDef, ...]
    cards: tuple[CardDef, ...]
    islands: tuple[IslandDef, ...]
    island_spaces: tuple[IslandSpaceDef, ...]
    island_tiles: tuple[IslandTileDef, ...]
    cities: tuple[CityDef, ...]
    contract_slots: tuple[int, ...]
    contracts: tuple[ContractDef, ...]
    compass: tuple[int, ...]
    frames: tuple[FrameDef, ...]
    objectives: tuple[ObjectiveDef, ...]
    objective_stacks: int
    captains: tuple[CaptainDef, ...]
    nations: tuple[NationDef, ...]
    fifty_cards: tuple[tuple[int, int], ...]
    p: dict[str, Any] = field(default_factory=dict)
    readings: dict[str, str] = field(default_factory=dict)
    #: memo of derived values shared by every state of this configuration (payment options, actions)
    cache: dict[Any, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        # scalar params and indexes become real attributes: hot paths read them without a dict lookup
        for key, value in self.p.items():
            object.__setattr__(self, key, value)

    if TYPE_CHECKING:
        # Scalar params (``T.rounds``, ``T.income``) are real attributes set above; this tells type checkers so.
        # Only for them: a class with ``__getattr__`` loses CPython's fast attribute path, and the mechanics read
        # these attributes on every move. A value missing from the spec raises a plain AttributeError naming it.
        def __getattr__(self, name: str) -> Any: ...
