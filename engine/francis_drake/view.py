"""Terminal display of *Francis Drake* for ``rulespec play``: the board, moves in words, prompts.

These are the game's hooks for :mod:`engine.runtime.display` (``render``, ``describe_action``,
``action_group``, ``stage_prompt``, ``seat_label``). Location, destination, commodity and treasure names come
from the engine's tables (built from the spec); only the wording of the moves is written here.

The board renders ``state.observation(viewer)``, so it shows only what ``viewer`` may see: other captains'
Mission Disc numbers stay ``?`` until turned over, unknown Spanish counters ``?``, other Treasure Chests hidden.
It is laid out for 80 columns (one panel per captain; Plymouth Street or the Caribbean one row per place) and
puts the captains' panels side by side when the terminal is wider.
"""

from __future__ import annotations

from typing import Any

from engine.runtime.api import Action
from engine.runtime.display import board_table, cached_observation, humanize

#: The phases (``observation["phase"]``) in words.
PHASES = {
    "provision": "Provisioning in Plymouth",
    "admiral": "The Admiral",
    "governor": "The Governor",
    "missions": "Sailing: Mission Discs",
    "informer": "The Informer",
    "informer_swap": "The Informer",
    "informer_move": "The Informer",
    "resolve": "Resolving missions",
    "return": "Resolving missions",
    "over": "Game over",
}

#: Personality counters and ship upgrades a Location may grant, in words (amounts are not shown for these).
PIECES = {
    "admiral": "the Admiral",
    "governor": "the Governor",
    "informer": "the Informer",
    "golden_hind": "the Golden Hind disc",
    "galleon": "a Galleon",
    "pinnace": "a Pinnace",
}

#: Grant keys that mark a Location rather than give something (shown by the Location's own line).
NOT_GIVEN = ("spanish_frigate_counters", "spanish_troop_counters")


def _tables(state: Any) -> Any:
    return state.game.tables


_observation = cached_observation


def _colour(seat: int) -> tuple[str, bool]:
    """The colour a seat plays and whether it is assumed (the spec's colours: four from the rulebook's examples,
    the fifth named nowhere)."""
    from engine.francis_drake.generated import constants

    stated, assumed = tuple(constants.PLAYER_COLOURS), tuple(constants.ASSUMED_COLOURS)
    if 0 <= seat < len(stated):
        return stated[seat], False
    k = seat - len(stated)
    return (assumed[k], True) if 0 <= k < len(assumed) else ("", True)


def seat_label(state: Any, seat: int) -> str:
    """"Red (seat 0)": captains are known by the colour of their pieces; a colour no rulebook names says so."""
    colour, assumed = _colour(seat)
    if not colour:
        return f"seat {seat}"
    return f"{colour.capitalize()} (seat {seat}{', colour assumed' if assumed else ''})"


def seat_colour(state: Any, seat: int) -> str | None:
    return _colour(seat)[0] or None


def _tag(state: Any, seat: int) -> str:
    """A seat in two letters, in its colour ("[red]Re[/red]"): short enough for a street or a map cell."""
    colour = _colour(seat)[0]
    return f"[{colour}]{colour[:2].capitalize()}[/{colour}]" if colour else f"s{seat}"


def _name(state: Any, seat: int) -> str:
    """A seat's colour alone ("Red"), for running text."""
    return _colour(seat)[0].capitalize() or f"seat {seat}"


def grant_text(grant: dict[str, int]) -> str:
    """A Location's grant in words: "2 crew, 1 guns", "the Admiral", "roll the die +1"."""
    if "tavern_roll_modifier" in grant:
        modifier = grant["tavern_roll_modifier"]
        return "roll the die" + (f" {modifier:+d}" if modifier else "")
    parts = []
    for item, amount in sorted(grant.items()):
        if item in NOT_GIVEN:
            continue
        if item in PIECES:
            parts.append(PIECES[item])
        elif item == "guns":
            parts.append(_count(amount, "gun"))
        else:
            parts.append(f"{amount} {item.replace('_', ' ')}")
    return ", ".join(parts) or "nothing"


def _dest_text(state: Any, dest_id: str) -> str:
    """"Cartagena (fort, zone 2, 4 VP, silver)": what a destination is worth, from the tables."""
    dest = _tables(state).destinations[dest_id]
    facts = [dest.kind.replace("_", " "), f"zone {dest.zone}"]
    if dest.vp:
        facts.append(f"{dest.vp} VP")
    if dest.treasure:
        facts.append(dest.treasure)
    if dest.requires_galleon:
        facts.append("galleon only")
    return f"{humanize(dest_id)} ({', '.join(facts)})"


def _disc(disc: str) -> str:
    return humanize(disc) if not disc.isdigit() else disc


def describe_action(state: Any, action: Action) -> str:
    """One line saying what ``action`` does, with what it gives or costs."""
    tables = _tables(state)
    kind = action.kind
    if kind == "place":
        loc = tables.locations[action.get("loc")]
        name = humanize(loc.id)
        if action.get("circle") is not None:
            circle = int(action.get("circle"))
            return f"{name}, circle {circle}: {grant_text(loc.circles[circle - 1])}"
        take = action.get("take")
        option = next((o for o in loc.options if _label(o) == take), None)
        cost = f" for {loc.cost_vp} VP" if loc.cost_vp else ""
        if loc.turns > 1:
            mine = sum(1 for s, _ in _observation(state, -1)["occupancy"].get(loc.id, []) if s == state.current_player)
            step = min(mine, len(loc.circles) - 1)
            text = f"{name} (turn {mine + 1} of {loc.turns}): {grant_text(loc.circles[step])}"
            return text + (f" + {grant_text(option)}" if option else "")
        return f"{name}{cost}: take {grant_text(option) if option is not None else grant_text(loc.circles[0])}"
    if kind == "sail":
        return "Sail out: leave Plymouth with what you have"
    if kind in ("frigates", "troops"):
        dest_kind = "galleon" if kind == "frigates" else "fort"
        sites = tables.dests_of(dest_kind)
        what = "Frigate" if kind == "frigates" else "Troop"
        placed = ", ".join(f"{humanize(d)} +{v}" for d, v in zip(sites, action.get("values"), strict=False))
        return f"Spanish {what} Counters: {placed}"
    if kind == "mission":
        return f"Mission disc {_disc(str(action.get('disc')))} → {_dest_text(state, str(action.get('dest')))}"
    if kind == "informer":
        if action.get("look"):
            return f"Informer: look at the Mission Discs at {humanize(action.get('look'))} (then swap two of yours)"
        if action.get("inspect"):
            return f"Informer: inspect the Spanish counter at {humanize(action.get('inspect'))} (then move your disc)"
        return "Informer: do not use him"
    if kind == "informer_swap":
        where = _my_discs(state)
        a, b = str(action.get("a")), str(action.get("b"))
        return f"Swap your Mission Discs {_disc(a)} (at {where.get(a, '?')}) and {_disc(b)} (at {where.get(b, '?')})"
    if kind == "informer_move":
        return f"Move your disc to {_dest_text(state, str(action.get('to')))}"
    if kind == "informer_keep":
        return "Leave the discs as they are"
    if kind == "attack":
        return _describe_attack(state)
    if kind == "trade":
        return f"Trade {tables.trade_goods_per_trade} trade goods for {tables.commodities_per_trade} {action.get('good')}"
    if kind == "pass":
        return "Take the disc back without acting"
    if kind == "return_home":
        return "Return home now (the first captains back early earn the hero's bonus)"
    if kind == "sail_on":
        return "Sail on to your next Mission Disc"
    return str(action)


def public_action(state: Any, action: Action) -> str:
    """A move as the other captains see it: face-down counters and Mission Discs without their numbers."""
    kind = action.kind
    if kind in ("frigates", "troops"):
        sites = _tables(state).dests_of("galleon" if kind == "frigates" else "fort")
        what = "Frigate" if kind == "frigates" else "Troop"
        return f"Spanish {what} Counters laid face-down on {', '.join(humanize(d) for d in sites)}"
    if kind == "mission":
        return f"A Mission Disc face-down → {_dest_text(state, str(action.get('dest')))}"
    if kind == "informer_swap":
        return "Informer: two of his Mission Discs swapped"
    return describe_action(state, action)


def _my_discs(state: Any) -> dict[str, str]:
    """The player to move's Mission Discs on the map: disc → destination name (from his own observation)."""
    seat = state.current_player
    obs = _observation(state, seat)
    return {str(d): humanize(dest) for dest, stack in obs["missions"].items() for s, d in stack if s == seat and d is not None}


def _label(grant: dict[str, int]) -> str:
    """The stable label the engine gives a Location's option (``crew1_guns2``), to match an action's ``take``."""
    from engine.francis_drake.provisioning import label

    return label(grant)


def _describe_attack(state: Any) -> str:
    from engine.francis_drake.resolution import attack_vp, current_disc, requirement

    t = state.table
    seat, _, dest_id = current_disc(t)
    crew, guns = requirement(t, seat, dest_id, known_only=True)
    hidden = dest_id in {**t.troops, **t.frigates} and dest_id not in t.revealed
    need = _cost(crew, guns) + (" + the face-down counter" if hidden else "")
    return f"Attack {humanize(dest_id)} for {attack_vp(t, dest_id)} VP (needs {need})"


def action_group(state: Any, action: Action) -> str:
    """Headings for long lists: Plymouth Street by Location, Mission Discs by disc."""
    kind = action.kind
    if kind == "place":
        return humanize(action.get("loc"))
    if kind == "sail":
        return "Sail out"
    if kind == "mission":
        return f"Mission disc {_disc(str(action.get('disc')))}"
    if kind in ("frigates", "troops"):
        return "Spanish counters"
    if kind.startswith("informer"):
        return "Informer"
    return humanize(kind)


def stage_prompt(state: Any) -> str:
    """What the captain to move decides, in words."""
    tables = _tables(state)
    obs = _observation(state, state.current_player)
    phase = obs["phase"]
    title = PHASES.get(phase, humanize(phase))
    me = obs["players"][state.current_player] if state.current_player >= 0 else None
    if phase == "provision":
        discs = me["discs"] if me else 0
        return f"{title}: place a Player Disc further along the street ({discs} left), or sail out"
    if phase == "admiral":
        return f"{title}: lay the Spanish Frigate Counters face-down on the {len(tables.dests_of('galleon'))} galleons"
    if phase == "governor":
        return f"{title}: lay the Spanish Troop Counters face-down on the {len(tables.dests_of('fort'))} forts"
    if phase == "missions":
        zone = me["navigation"] if me else 0
        return f"{title}: place a disc face-down on a destination up to zone {zone}"
    if phase == "informer":
        return f"{title}: look at a destination's discs, inspect a Spanish counter, or pass"
    if phase == "informer_swap":
        return f"{title}: swap two of your Mission Discs, or leave them"
    if phase == "informer_move":
        return f"{title}: move your disc to another destination, or leave it"
    if phase == "resolve":
        from engine.francis_drake.resolution import current_disc

        _, disc, dest = current_disc(state.table)
        return f"{title}: your disc {_disc(disc)} at {_dest_text(state, dest)}"
    if phase == "return":
        return f"{title}: return home now or sail on"
    return title


# --------------------------------------------------------------------------- the board


def render(state: Any, viewer: int) -> Any:
    """The game as ``viewer`` sees it (``-1``: public information only), readable at 80 columns."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    tables = _tables(state)
    obs = _observation(state, viewer)
    head = Text()
    head.append(f"Voyage {obs['voyage']} of {tables.voyages}", style="bold")
    head.append(f" · {PHASES.get(obs['phase'], humanize(obs['phase']))}")
    if obs["current_player"] >= 0:
        head.append(f" · to move: {seat_label(state, obs['current_player'])}", style="bold")
    docks = Text(style="dim")
    docks.append("Outbound docks: " + (", ".join(_name(state, s) for s in obs["outbound"]) or "—"))
    docks.append(" · Homebound docks: " + (", ".join(_name(state, s) for s in obs["homebound"]) or "—"))
    panels = [_player_panel(state, obs, p, viewer) for p in obs["players"]]
    board = _street(state, obs) if obs["phase"] == "provision" else _sea(state, obs)
    return Group(head, docks, Columns(panels, equal=True, expand=False), board)


def _player_panel(state: Any, obs: dict[str, Any], p: dict[str, Any], viewer: int) -> Any:
    from rich.panel import Panel
    from rich.text import Text

    text = Text()

    def line(label: str, value: str) -> None:
        text.append(f"{label:<9}", style="bold")
        text.append(value + "\n")

    stock = [f"{k.replace('_', ' ')} {n}" for k, n in p["stock"].items()]
    line("Stock", "  ".join(stock[:2]))  # two a line: a panel is 39 columns wide
    if stock[2:]:
        line("", "  ".join(stock[2:]))
    ship = [p["ship"]] + (["pinnace"] * p["pinnace"])
    line("Ship", " + ".join(ship))
    extras = [PIECES.get(c, c) for c in p["counters"]]
    if p["golden_hind"]:
        extras.append(PIECES["golden_hind"])
    if p["ghost"]:
        extras.append("the Ghost Ship disc")
    if extras:
        line("Holds", ", ".join(extras))
    if obs["phase"] == "provision":
        line("Discs", f"{p['discs']} Player Discs" + (" · sailed out" if p["outbound"] else ""))
    else:
        hand = p["hand"]
        if isinstance(hand, int):
            if hand:
                line("Missions", f"{hand} discs in hand")
        elif hand:
            line("Missions", "discs " + " ".join(_disc(d) for d in hand) + " in hand")
        line("Sails", f"up to zone {p['navigation']}" + (", at sea" if p["at_sea"] else ""))
    goods = ", ".join(f"{n} {g}" for g, n in p["commodities"].items() if n)
    if goods:
        line("Goods", goods)
    chest = p["chest"]
    if chest is None:
        line("Chest", "hidden")
    else:
        line("Chest", ", ".join(f"{n} {k}" for k, n in chest.items() if n) or "empty")
    text.rstrip()
    title = seat_label(state, p["seat"]) + (" · you" if p["seat"] == viewer else "")
    style = "bold " + (seat_colour(state, p["seat"]) or "green") if p["seat"] == obs["current_player"] else "none"
    return Panel(text, title=title, title_align="left", subtitle=f"{p['score']} VP", subtitle_align="right",
                 border_style=style, width=39)  # fmt: skip


def _street(state: Any, obs: dict[str, Any]) -> Any:
    tables = _tables(state)
    table = board_table("Plymouth Street")
    table.add_column("#", justify="right")
    table.add_column("location", no_wrap=True)
    table.add_column("circles (what each gives)")
    table.add_column("discs")
    for i, loc_id in enumerate(obs["street"], 1):
        loc = tables.locations[loc_id]
        offer = " | ".join(grant_text(c) for c in loc.circles if c or not loc.options)
        if loc.options:
            choice = " or ".join(grant_text(o) for o in loc.options)
            offer = f"{offer} + {choice}" if offer else f"choose {choice}"
        if loc.cost_vp:
            offer += f" (costs {loc.cost_vp} VP)"
        if loc.turns > 1:
            offer += f" ({loc.turns} turns)"
        discs = " ".join(_tag(state, s) for s, _ in obs["occupancy"].get(loc_id, []))
        table.add_row(str(i), humanize(loc_id), offer, discs)
    return table


def _sea(state: Any, obs: dict[str, Any]) -> Any:
    tables = _tables(state)
    table = board_table(
        "The Caribbean", caption="discs: colour:disc (? face-down) · +n: the Spanish counter there (? face-down)"
    )
    table.add_column("z", justify="right")
    table.add_column("destination", no_wrap=True)
    table.add_column("kind", no_wrap=True)
    table.add_column("defence / goods")
    table.add_column("loot")
    table.add_column("discs")
    for dest_id, dest in sorted(tables.destinations.items(), key=lambda d: (d[1].zone, d[0])):
        if dest.kind == "trade_port":
            defence = ", ".join(obs["port_goods"].get(dest_id, [])) or "nothing left"
        elif dest.kind == "galleon" and dest_id in obs["galleons"]:
            face = tables.galleon_counters[obs["galleons"][dest_id]]
            defence = f"{_count(face['guns'], 'gun')}, {face['vp']} VP"
        else:
            defence = ", ".join(x for x in (_count(dest.troops, "troop"), _count(dest.guns, "gun")) if x)
        if dest_id in obs["counters"]:
            value = obs["counters"][dest_id]
            defence += f" +{'?' if value is None else value}"
        loot = obs["treasure"].get(dest_id, "")
        if dest.vp:
            loot = f"{dest.vp} VP" + (f", {loot}" if loot else "")
        discs = " ".join(f"{_tag(state, s)}:{'?' if d is None else _disc(str(d))}" for s, d in obs["missions"].get(dest_id, []))
        done = obs["successes"].get(dest_id, []) + obs["trades"].get(dest_id, [])
        if done:
            discs += (" " if discs else "") + "done by " + ", ".join(_name(state, s) for s in done)
        kind = "port" if dest.kind == "trade_port" else dest.kind
        table.add_row(str(dest.zone), humanize(dest_id), kind, defence, loot, discs)
    return table


def _cost(crew: int, guns: int) -> str:
    """"3 crew and 1 gun", "2 guns", "nothing"."""
    return " and ".join(x for x in (f"{crew} crew" if crew else "", _count(guns, "gun")) if x) or "nothing"


def _count(n: int, word: str) -> str:
    """"1 troop", "2 guns", "" for none."""
    return f"{n} {word}{'' if n == 1 else 's'}" if n else ""


# --------------------------------------------------------------------------- what a move did


def explain_move(state: Any, action: Action) -> Any:
    """Before ``action``: note what an attack is up against and what a voyage's scoring depends on; after it,
    say what happened and itemise the points (attacks, hero's bonus, conquest types, the Admiral's and
    Governor's unclaimed treasure per voyage; commodity sets and treasure at the end).

    The table is read, not changed: an attack's full defence (the face-down counter included) is what the
    engine will check, so the report can say what the counter was and what the attack cost.
    """
    from engine.francis_drake.model import OVER
    from engine.francis_drake.resolution import attack_vp, current_disc, requirement
    from engine.francis_drake.scoring import commodity_vp, treasure_vp
    from engine.runtime.display import MoveReport, ScoreItem

    t = state.table
    tables = t.tables
    voyage = t.voyage
    period = f"Voyage {voyage}"
    before = [p.score for p in t.players]
    hero_before = [p.hero_bonus for p in t.players]
    records = len(t.records)
    treasure = dict(t.treasure)
    holders = {counter: t.holder(counter) for counter in tables.unclaimed_bonus}
    mover = state.current_player
    attack: dict[str, Any] | None = None
    if action.kind == "attack":
        seat, _, dest = current_disc(t)
        counter = {**t.troops, **t.frigates}.get(dest)
        attack = {
            "seat": seat, "dest": dest, "vp": attack_vp(t, dest), "cost": requirement(t, seat, dest, known_only=False),
            "hidden": dest in {**t.troops, **t.frigates} and dest not in t.revealed, "counter": counter,
            "unit": "troops" if dest in t.troops else "guns", "first": not t.successes.get(dest),
            "treasure": t.treasure.get(dest), "had": (t.players[seat].stock["crew"], t.players[seat].stock["guns"]),
        }

    def after(state_after: Any) -> MoveReport:
        t2 = state_after.table
        report = MoveReport()
        closed = len(t2.records) > records
        record = t2.records[-1] if closed else None
        explained = [0] * t2.n
        succeeded = False
        if attack is not None:
            dest, seat = attack["dest"], attack["seat"]
            winners = (record["successes"] if record else t2.successes).get(dest, [])
            succeeded = seat in winners
            place = humanize(dest)
            if attack["hidden"]:
                report.lines.append(f"The Spanish counter at {place} is turned over: +{attack['counter']} {attack['unit']}.")
            crew, guns = attack["cost"]
            if succeeded:
                booty = f" and takes the {attack['treasure']}" if attack["first"] and attack["treasure"] else ""
                report.lines.append(f"{_name(state_after, seat)}'s attack on {place} succeeds: spends "
                                    f"{_cost(crew, guns)}, scores {attack['vp']} VP{booty}.")
                report.points.append(ScoreItem(seat, "attacks", attack["vp"], period))
                explained[seat] += attack["vp"]
                if attack["treasure"] and attack["first"]:
                    treasure.pop(dest, None)
            else:
                have_crew, have_guns = attack["had"]
                report.lines.append(f"{_name(state_after, seat)}'s attack on {place} fails: it needs {_cost(crew, guns)}, "
                                    f"the ship has {_cost(have_crew, have_guns)}; nothing is spent, the disc goes back.")
        hero_after = record["hero_bonus"] if record else [p.hero_bonus for p in t2.players]
        for seat, (old, new) in enumerate(zip(hero_before, hero_after, strict=True)):
            if new > old:
                report.points.append(ScoreItem(seat, "hero's bonus", new - old, period))
                explained[seat] += new - old
        if record is not None:
            report.closed_period = period
            report.lines.append(f"Voyage {voyage} is over.")
            for seat in range(t2.n):
                kinds = {tables.destinations[d].kind for d, seats in record["successes"].items() if seat in seats}
                vp = tables.conquest_vp.get(len(kinds), 0)
                if vp:
                    report.points.append(ScoreItem(seat, "conquest types", vp, period))
                    explained[seat] += vp
            for counter, bonus in sorted(tables.unclaimed_bonus.items()):
                holder = holders.get(counter)
                left = sum(1 for kind in treasure.values() if kind == bonus["treasure"])
                if holder is not None and left:
                    vp = left * int(bonus["vp"])
                    name = PIECES.get(counter, counter).removeprefix("the ")
                    report.points.append(ScoreItem(holder, f"{name}'s unclaimed {bonus['treasure']}", vp, period))
                    explained[holder] += vp
        if t2.phase == OVER:
            for player in t2.players:
                for source, vp in (("commodity sets", commodity_vp(tables, player.commodities)),
                                   ("treasure", treasure_vp(tables, player.chest))):
                    if vp:
                        report.points.append(ScoreItem(player.seat, source, vp, "End of the game"))
                        explained[player.seat] += vp
        if 0 <= mover < t2.n and action.kind == "place":
            own = t2.players[mover].score - before[mover] - explained[mover]
            if own:
                report.points.append(ScoreItem(mover, "Plymouth (VP paid or gained)", own, period))
        return report

    return after


# --------------------------------------------------------------------------- why a move is not offered

#: What a captain may try, the words he may type, the move kinds and the phases they belong to.
ACTIVITIES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    ("Placing a Player Disc on Plymouth Street", ("place", "street", "location", "crew", "guns", "supplies"),
     ("place",), ("provision",)),
    ("Sailing out", ("sail",), ("sail",), ("provision",)),
    ("Placing Mission Discs", ("mission", "disc", "destination"), ("mission",), ("missions",)),
    ("Using the Informer", ("informer", "look", "inspect", "swap"), ("informer", "informer_swap", "informer_move"),
     ("informer", "informer_swap", "informer_move")),
    ("Attacking", ("attack",), ("attack",), ("resolve",)),
    ("Trading", ("trade",), ("trade",), ("resolve",)),
    ("Returning home", ("return", "home"), ("return_home",), ("return",)),
)


def why_not(state: Any, words: list[str]) -> str | None:
    """Why no legal move matches ``words``: the phase it belongs to, or what the ship lacks for it."""
    obs = _observation(state, state.current_player)
    phase = obs["phase"]
    now = PHASES.get(phase, humanize(phase))
    typed = {w.lower().strip(".,:") for w in words}
    reasons = []
    for title, keys, kinds, phases in ACTIVITIES:
        if not typed & set(keys) or any(a.kind in kinds for a in state.legal_actions()):
            continue
        if phase not in phases:
            where = " or ".join(sorted({PHASES.get(x, humanize(x)) for x in phases}))
            reasons.append(f"{title} belongs to {where}; now: {now}.")
        elif kinds == ("attack",):
            from engine.francis_drake.resolution import current_disc, requirement

            seat, _, dest = current_disc(state.table)
            crew, guns = requirement(state.table, seat, dest, known_only=True)
            stock = state.table.players[seat].stock
            reasons.append(f"{title} {humanize(dest)} needs at least {_cost(crew, guns)} (plus any face-down "
                           f"counter) and a free place among its successful attacks; you have "
                           f"{_cost(stock['crew'], stock['guns'])}.")
        else:
            reasons.append(f"{title}: not possible for you in this decision.")
    return " ".join(reasons) or None
