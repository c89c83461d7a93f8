"""Terminal rendering of a *Francis Drake* state for ``rulespec play`` (rich).

Shows only what ``viewer`` may see — it renders ``state.observation(viewer)``: other captains' Mission Disc
numbers stay ``?`` until turned over, unknown Spanish counters ``?``, other Treasure Chests hidden.
"""

from __future__ import annotations

from typing import Any

from engine.runtime.api import Action


def describe(state: Any, action: Action) -> str:
    """A readable line for ``action`` next to its stable text form."""
    tables = state.game.tables
    extra = ""
    if action.kind == "place":
        loc = tables.locations[action.get("loc")]
        if action.get("circle") is not None:
            extra = _grant(loc.circles[int(action.get("circle")) - 1])
        elif loc.cost_vp:
            extra = f"costs {loc.cost_vp} VP"
    elif action.kind == "mission":
        dest = tables.destinations[action.get("dest")]
        extra = f"{dest.kind}, zone {dest.zone}" + (f", {dest.vp} VP" if dest.vp else "")
    return f"{action}  {extra}".rstrip()


def _grant(grant: dict[str, int]) -> str:
    if "tavern_roll_modifier" in grant:
        return f"roll the die {grant['tavern_roll_modifier']:+d}"
    shown = {k: v for k, v in grant.items() if not k.startswith("spanish_")}
    return ", ".join(f"{v} {k}" for k, v in sorted(shown.items())) or "—"


def render(state: Any, viewer: int) -> Any:
    """A rich renderable of the game as ``viewer`` sees it (``-1``: everything)."""
    from rich.console import Group
    from rich.table import Table

    obs = state.observation(viewer)
    head = (
        f"Voyage {obs['voyage']}/{state.game.tables.voyages} · {obs['phase']} · to move: {obs['current_player']} · "
        f"outbound {obs['outbound']} · homebound {obs['homebound']}"
    )
    players = Table(title=head)
    for col in ("seat", "VP", "crew", "guns", "supplies", "trade", "ship", "extras", "commodities", "chest"):
        players.add_column(col)
    for p in obs["players"]:
        extras = [*p["counters"], *(["pinnace"] * p["pinnace"])]
        extras += [name for name in ("golden_hind", "ghost") if p[name]]
        goods = ", ".join(f"{n} {g}" for g, n in p["commodities"].items() if n) or "—"
        chest = "hidden" if p["chest"] is None else (", ".join(f"{n} {k}" for k, n in p["chest"].items() if n) or "—")
        stock = p["stock"]
        players.add_row(
            str(p["seat"]), str(p["score"]), str(stock["crew"]), str(stock["guns"]), str(stock["supplies"]),
            str(stock["trade_goods"]), p["ship"], " ".join(extras) or "—", goods, chest,
        )  # fmt: skip
    street = Table(title="Plymouth Street")
    street.add_column("#")
    street.add_column("location")
    street.add_column("discs")
    for i, loc in enumerate(obs["street"], 1):
        street.add_row(str(i), loc, " ".join(f"p{s}" for s, _ in obs["occupancy"].get(loc, [])))
    sea = Table(title="Caribbean")
    for col in ("destination", "treasure", "defence", "discs", "attacked"):
        sea.add_column(col)
    for dest_id, dest in sorted(state.game.tables.destinations.items(), key=lambda d: (d[1].zone, d[0])):
        counter = obs["counters"].get(dest_id, "")
        defence = f"{dest.troops} troops {dest.guns} guns" if dest.kind in ("town", "fort") else ""
        if dest.kind == "galleon" and dest_id in obs["galleons"]:
            face = state.game.tables.galleon_counters[obs["galleons"][dest_id]]
            defence = f"{face['guns']} guns, {face['vp']} VP"
        if dest_id in obs["counters"]:
            defence += f" +{'?' if counter is None else counter}"
        if dest.kind == "trade_port":
            defence = ", ".join(obs["port_goods"].get(dest_id, []))
        discs = " ".join(f"p{s}:{'?' if d is None else d}" for s, d in obs["missions"].get(dest_id, []))
        sea.add_row(
            f"{dest_id} ({dest.kind}, z{dest.zone})", obs["treasure"].get(dest_id, ""), defence, discs,
            " ".join(f"p{s}" for s in obs["successes"].get(dest_id, []) + obs["trades"].get(dest_id, [])),
        )  # fmt: skip
    return Group(players, street if obs["phase"] == "provision" else sea)
