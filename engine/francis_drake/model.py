"""The mutable data of a *Francis Drake* game: one :class:`Table` holding every piece's place.

The mechanics modules (:mod:`.provisioning`, :mod:`.sailing`, :mod:`.resolution`, :mod:`.scoring`,
:mod:`.voyage`) read and change a :class:`Table`; :mod:`.state` wraps it in the runtime's ``State`` API.
Every countable item is in exactly one place — the supply (``Table.supply``: the Plymouth Harbor Chart and the
box), a player (``PlayerData.stock``, ``commodities``, ``chest``, ``pinnace``) or the map (``Table.treasure``,
``Table.port_goods``) — which is what the conservation tests check.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.francis_drake.data import Tables

#: Phases in which a player decides (the automatic steps between them run inside ``apply``).
PROVISION = "provision"
ADMIRAL = "admiral"
GOVERNOR = "governor"
MISSIONS = "missions"
INFORMER = "informer"
INFORMER_SWAP = "informer_swap"
INFORMER_MOVE = "informer_move"
RESOLVE = "resolve"
RETURN = "return"
OVER = "over"

#: Cube and barrel items a player holds during a voyage (all go back to the chart at the reset).
STOCK_ITEMS = ("crew", "guns", "supplies", "trade_goods")
#: Mission disc names besides the numbered ones.
GOLDEN_HIND = "golden_hind"
GHOST = "ghost"


@dataclass
class PlayerData:
    """One captain: his pieces and his progress through the current voyage."""

    seat: int
    score: int
    stock: dict[str, int]
    commodities: dict[str, int]
    chest: dict[str, int]
    discs: int  # Player Discs in hand
    investor: bool = True  # still holds his Investor Tile
    galleon: bool = False  # sails a Galleon (else a Frigate) this voyage
    pinnace: int = 0
    counters: list[str] = field(default_factory=list)  # admiral / governor / informer
    golden_hind: bool = False  # has his Golden Hind Mission Disc this voyage
    ghost: bool = False  # has his Ghost Ship Mission Disc this voyage
    street_pos: int = -1  # index on Plymouth Street of his last placement
    pending: str = ""  # a multi-turn Location (Drake) he must continue on his next turn
    outbound: bool = False
    navigation: int = 0  # Navigation Marker his cube is on (0: cannot sail)
    hand: list[str] = field(default_factory=list)  # Mission Discs still to place
    unresolved: list[str] = field(default_factory=list)  # his face-up Mission Discs still to resolve
    conquests: list[str] = field(default_factory=list)  # types attacked successfully this voyage
    at_sea: bool = False
    hero_bonus: int = 0  # hero's bonus received this voyage
    attacks: int = 0  # successful attacks this voyage
    last_mission: int = 0  # number of his last resolved Mission Disc (the Golden Hind counts 0)

    def to_data(self) -> dict[str, Any]:
        """Plain JSON-able data (sorted lists and dicts)."""
        return {
            "seat": self.seat,
            "score": self.score,
            "stock": dict(sorted(self.stock.items())),
            "commodities": dict(sorted(self.commodities.items())),
            "chest": dict(sorted(self.chest.items())),
            "discs": self.discs,
            "investor": self.investor,
            "ship": "galleon" if self.galleon else "frigate",
            "pinnace": self.pinnace,
            "counters": sorted(self.counters),
            "golden_hind": self.golden_hind,
            "ghost": self.ghost,
            "street_pos": self.street_pos,
            "pending": self.pending,
            "outbound": self.outbound,
            "navigation": self.navigation,
            "hand": list(self.hand),
            "unresolved": list(self.unresolved),
            "conquests": sorted(self.conquests),
            "at_sea": self.at_sea,
            "hero_bonus": self.hero_bonus,
            "attacks": self.attacks,
            "last_mission": self.last_mission,
        }


@dataclass
class Table:
    """The whole game: board, supply, players, whose decision is pending, the seeded RNG and an event log."""

    tables: Tables
    players: list[PlayerData]
    rng: random.Random
    supply: dict[str, int]
    voyage: int = 1
    phase: str = PROVISION
    street: list[str] = field(default_factory=list)  # Location ids in street order this voyage
    occupancy: dict[str, list[tuple[int, int]]] = field(default_factory=dict)  # loc → [(seat, circle)]
    start_order: list[int] = field(default_factory=list)  # Homebound Docks at the start of the voyage
    first_order: list[int] = field(default_factory=list)  # starting order of voyage 1 (drawn from the cup)
    turn: int = 0  # index into start_order (provisioning) of the player to move
    outbound: list[int] = field(default_factory=list)  # Outbound Docks, dock 1 first (the Sailing Order)
    homebound: list[int] = field(default_factory=list)  # Homebound Docks filled while returning
    galleons: dict[str, str] = field(default_factory=dict)  # galleon destination → Spanish Galleon Counter
    troops: dict[str, int] = field(default_factory=dict)  # fort → Spanish Troop Counter value
    frigates: dict[str, int] = field(default_factory=dict)  # galleon destination → Spanish Frigate Counter
    revealed: set[str] = field(default_factory=set)  # destinations whose counter is face-up
    treasure: dict[str, str] = field(default_factory=dict)  # destination → treasure lying on it
    port_goods: dict[str, list[str]] = field(default_factory=dict)  # trade port → commodities on it
    missions: dict[str, list[tuple[int, str]]] = field(default_factory=dict)  # destination → [(seat, disc)]
    turned: bool = False  # Mission Discs face-up
    successes: dict[str, list[int]] = field(default_factory=dict)  # destination → seats that attacked it
    trades: dict[str, list[int]] = field(default_factory=dict)  # trade port → seats that traded there
    mission_turn: int = 0  # index into outbound (placing Mission Discs)
    queue: list[tuple[int, str]] = field(default_factory=list)  # resolution order of the face-up discs
    qi: int = 0
    early_returns: int = 0
    idle: list[int] = field(default_factory=list)  # players who could not sail this voyage
    decider: int = -1  # the seat deciding in ADMIRAL/GOVERNOR/INFORMER*/RESOLVE/RETURN
    informer_target: str | None = None
    knowledge: dict[int, dict[str, Any]] = field(default_factory=dict)  # seat → what he has seen
    records: list[dict[str, Any]] = field(default_factory=list)  # one summary per finished voyage
    log: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return len(self.players)

    def take(self, seat: int, item: str, amount: int) -> int:
        """Move up to ``amount`` of a stock item from the supply to ``seat`` (the supply is finite)."""
        got = min(amount, self.supply.get(item, 0))
        if got <= 0:
            return 0
        self.supply[item] -= got
        player = self.players[seat]
        if item in player.stock:
            player.stock[item] += got
        elif item == "pinnace":
            player.pinnace += got
        else:
            raise KeyError(f"not a stock item: {item}")
        return got

    def give_back(self, seat: int, item: str, amount: int) -> None:
        """Return ``amount`` of a stock item from ``seat`` to the supply."""
        player = self.players[seat]
        if player.stock[item] < amount:
            raise ValueError(f"seat {seat} has {player.stock[item]} {item}, cannot pay {amount}")
        player.stock[item] -= amount
        self.supply[item] += amount

    def holder(self, counter: str) -> int | None:
        """Seat holding a personality counter (admiral, governor, informer), if any."""
        for player in self.players:
            if counter in player.counters:
                return player.seat
        return None

    def disc_at(self, seat: int) -> dict[str, str]:
        """``seat``'s Mission Discs on the map: disc → destination."""
        return {disc: dest for dest, stack in self.missions.items() for s, disc in stack if s == seat}

    def note(self, text: str) -> None:
        """Append to the event log (what happened, including chance outcomes)."""
        self.log.append(f"v{self.voyage} {text}")
