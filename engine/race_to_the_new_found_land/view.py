"""Terminal rendering of a Race to the New Found Land state (rich), for ``rulespec play``.

Shows only what ``viewer`` may see (the observation's rules): other players' hands are counts.
"""

from __future__ import annotations

from typing import Any

from engine.runtime.api import Action


def _ship(T: Any, ship: Any) -> str:
    size = "L" if ship.large else "S"
    return f"{ship.id.rsplit('.', 1)[-1]}[{size} ⛵{ship.sail} 📦{ship.crate} 👥{ship.settler} 🔭{ship.telescope}]"


def _goods(T: Any, goods: Any) -> str:
    parts = [f"{k} {T.goods[g].split('.')[-1]}" for g, k in enumerate(goods) if k]
    return ", ".join(parts) or "—"


def describe(state: Any, action: Action) -> str:
    """A readable line for ``action`` (ship values, costs, bonuses) next to its stable text form."""
    T = state.T
    extra = ""
    if action.get("space") is not None and action.kind == "build":
        slot = T.large_market_spaces.index(action.get("space"))
        extra = f"face-down large ship, cost {_goods(T, T.ships[state.large_market[slot]].cost)}"
    elif action.get("ship") is not None and action.get("ship") in T.ship_index:
        extra = _ship(T, T.ships[T.ship_index[action.get("ship")]])
    elif action.get("card") is not None and action.get("card") in T.card_index:
        card = T.cards[T.card_index[action.get("card")]]
        extra = _ship(T, card.ship) if card.ship else f"{_goods(T, card.goods)} {card.points} pts"
    elif action.kind == "settle":
        s = T.space_index[action.get("space")]
        bonus = T.island_tiles[state.space_tile[s]].bonuses[int(action.get("bonus"))]
        extra = f"bonus {_goods(T, bonus.goods)} {bonus.points} pts"
    elif action.kind == "contract":
        c = T.contracts[state.contracts[int(action.get("slot"))]]
        extra = f"{T.cities[T.contract_slots[int(action.get('slot'))]].id}: {c.points} pts"
    elif action.kind == "place":
        tile = T.island_tiles[T.island_tile_index[action.get("tile")]]
        extra = " + ".join(f"{_goods(T, b.goods)} {b.points} pts" for b in tile.bonuses)
    return f"{action}  {extra}".rstrip()


def render(state: Any, viewer: int) -> Any:
    """A rich renderable of the board as ``viewer`` sees it (``-1``: public information only)."""
    from rich.console import Group
    from rich.table import Table

    T = state.T
    obs = state.observation(viewer)
    head = (
        f"Round {obs['round'] + 1}/{T.rounds} · start player {obs['start_player']} · "
        f"{obs['stage']} · to move: {obs['current_player']}"
    )
    players = Table(title=head, expand=False)
    for col in ("seat", "nation", "score", "goods", "shipyard", "cards", "objectives", "captains", "exp"):
        players.add_column(col)
    for p, info in enumerate(obs["players"]):
        yard = " ".join(_ship(T, T.ships[T.ship_index[s]]) for s in info["shipyard"])
        goods = ", ".join(f"{k.split('.')[-1]} {v}" for k, v in info["goods"].items() if v) or "—"
        cards = info["cards"] if isinstance(info["cards"], int) else ", ".join(c.rsplit(".", 1)[-1] for c in info["cards"])
        objs = info["objectives"]
        objs = objs if isinstance(objs, int) else ", ".join(o.rsplit(".", 1)[-1] for o in objs)
        exp = "".join(k[0].upper() for k, v in info["expansions"].items() if v)
        players.add_row(
            str(p), info["nation"].split(".")[-1], str(info["score"]), goods, yard or "—", str(cards), str(objs),
            ", ".join(c.rsplit(".", 1)[-1] for c in info["captains"]) or "—", exp or "—",
        )  # fmt: skip
    market = Table(title="Ship market")
    market.add_column("small (cost " + _goods(T, T.small_ship_cost) + ")")
    market.add_column("large")
    for small, large in zip(state.small_market, state.large_market, strict=False):
        s = _ship(T, T.ships[small]) if small >= 0 else "—"
        lg = T.ships[large] if large >= 0 else None
        shown = "face down" if T.large_market_hidden else (_ship(T, lg) if lg else "")
        lt = f"{shown} cost {_goods(T, lg.cost)}" if lg else "—"
        market.add_row(s, lt)
    contracts = Table(title="Contracts")
    for col in ("slot", "city", "goods", "points"):
        contracts.add_column(col)
    for slot, c in enumerate(state.contracts):
        if c >= 0:
            con = T.contracts[c]
            contracts.add_row(
                str(slot), T.cities[T.contract_slots[slot]].id.split(".")[-1], _goods(T, con.goods), str(con.points)
            )
    islands = Table(title="Islands (tile: cubes as seat×height)")
    islands.add_column("island")
    islands.add_column("spaces")
    for i, isl in enumerate(T.islands):
        cells = []
        for s in isl.spaces:
            t = state.space_tile[s]
            if t < 0:
                cells.append(f"({T.island_spaces[s].shape})")
                continue
            spots = [f"{o if o >= 0 else 'N'}×{h}" for o, h in zip(state.spot_owner[s], state.spot_height[s], strict=True) if h]
            cells.append(f"{T.island_tiles[t].id.rsplit('.', 1)[-1]}:{'/'.join(spots) or 'free'}")
        mark = " ✓" if state.island_scored[i] else ""
        islands.add_row(f"{isl.id.split('.')[-1]} {isl.first}/{isl.second}{mark}", " ".join(cells))
    cities = Table(title="Cities")
    cities.add_column("city")
    cities.add_column("cubes")
    for c, city in enumerate(T.cities):
        mark = " ✓" if state.city_scored[c] else ""
        cubes = " ".join(str(o) for o in state.city_cubes[c])
        cities.add_row(f"{city.id.split('.')[-1]} {city.first}/{city.second}{mark}", f"{cubes} ({city.cube_spaces} spaces)")
    frames = ", ".join(f"{T.frames[m].id.rsplit('.', 1)[-1]}@{pos}" for m, (pos, gone) in enumerate(obs["frames"]) if not gone)
    return Group(players, market, contracts, islands, cities, f"Frame markers: {frames or '—'}")
