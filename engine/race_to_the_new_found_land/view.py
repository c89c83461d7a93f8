"""Terminal display of Race to the New Found Land for ``rulespec play``: the board, moves in words, prompts.

These are the game's hooks for :mod:`engine.runtime.display` (``render``, ``describe_action``,
``action_group``, ``stage_prompt``, ``seat_label``). Every name shown comes from the engine's tables, which
are built from the spec (nations, ships, islands, cities, captains, expansions): a renamed island in the spec is
renamed here. Only the wording of the moves is written here, because it is this game's wording.

Everything is drawn from ``state.observation(viewer)`` and the tables, so the board shows only what ``viewer``
may see (other players' hands are counts) and the display does not depend on the state's private fields.
The board is laid out for an 80-column terminal (one panel per player, ship lists on their own lines, the
symbols explained once) and uses more width when there is more (the player panels sit side by side).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.runtime.api import Action
from engine.runtime.display import board_table, cached_observation, humanize

#: Ship symbols, each explained once in the legend above the board.
SYMBOLS = (("sail", "⛵"), ("crate", "📦"), ("settler", "👥"), ("telescope", "🔭"))

#: The decisions (the observation's ``stage``) in words.
STAGE_TITLES = {
    "land": "Land phase",
    "plan": "Planning",
    "load": "Load",
    "keep": "Load",
    "settle": "Settle",
    "settle_extra": "Settle",
    "deliver": "Deliver",
    "antwerp": "Deliver to Antwerp",
    "discover": "Discover",
    "frame": "Frame marker",
    "frame_back": "Frame marker",
    "chart": "Cartography",
    "objective": "End phase: objectives",
    "over": "Game over",
    "card": "Play a 1x card",
}

#: What a nation's unique expansion does, by the engine's ability name (the amount comes from the tables).
EXPANSION_EFFECTS = {
    "extra_shipyard": "+{n} ship place",
    "settle_extra_cube": "{n} extra settler cube when you settle",
    "contract_points": "+{n} points per contract",
    "sail_bonus": "+{n} sail on every action",
    "keep_extra_card": "keep {n} more card when you load",
}

#: What a captain does, by the engine's ability name.
CAPTAIN_EFFECTS = {
    "extra_island": "place {n} more island tile when you discover",
    "sail_bonus": "+{n} sail on one action each round",
    "land_gold": "{n} gold each land phase",
    "crate_bonus": "+{n} crate on one load or deliver ship",
    "extra_shipyard": "+{n} shipyard",
}

#: Frame-marker rewards, by the engine's reward name.
REWARDS = {"objectives": "objective", "captains": "captain", "goods": "good"}


# --------------------------------------------------------------------------- names

#: Display names per tables object (one per game configuration): id → (tables, names).
_NAMES: dict[int, tuple[Any, dict[str, Any]]] = {}


def _tables(state: Any) -> Any:
    return state.game.tables


def _names(state: Any) -> dict[str, Any]:
    """Display names read once per game configuration from the tables and the generated spec values."""
    T = _tables(state)
    cached = _NAMES.get(id(T))
    if cached is not None and cached[0] is T:
        return cached[1]
    gen = getattr(state.game, "generated", None)
    rule_titles: dict[str, str] = {}
    expansion_names: dict[str, str] = {}
    if gen is not None:
        rules = getattr(gen, "rules", None)
        for entry in getattr(rules, "SEQUENCE", ()):
            rule_titles[entry[0]] = entry[2]
        components = getattr(gen, "components", None)
        for record in getattr(components, "RECORDS", {}).get("board.player", ()):
            rid, attrs = record[0], record[-1]
            if isinstance(attrs, dict) and attrs.get("unique_expansion_name"):
                expansion_names[rid] = str(attrs["unique_expansion_name"])
    captains = {}
    for cap in T.captains:
        short = cap.id.rsplit(".", 1)[-1]
        captains[cap.id] = rule_titles.get(f"captains.{short}", humanize(cap.id))
    names = {
        "captains": captains,
        "expansions": expansion_names,
        "contracts": {c.id: c for c in T.contracts},
        "objectives": {o.id: o for o in T.objectives},
        "tiles": {t.id: t for t in T.island_tiles},
    }
    _NAMES[id(T)] = (T, names)
    return names


def nation_name(state: Any, seat: int) -> str:
    """The seat's nation as printed ("Netherlands"), from the nation's spec id."""
    obs_players = _observation(state, -1)["players"]
    if 0 <= seat < len(obs_players):
        return humanize(obs_players[seat]["nation"])
    return "neutral" if seat == -2 else f"seat {seat}"


def seat_label(state: Any, seat: int) -> str:
    """"Portugal (seat 0)": the nation a player knows himself by, and the seat number the CLI uses."""
    return f"{nation_name(state, seat)} (seat {seat})"


def possessive(name: str) -> str:
    """"Portugal's", "Netherlands'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def points_text(n: int) -> str:
    """"1 point", "5 points"."""
    return f"{n} point" if n == 1 else f"{n} points"


def _goods_word(good: str) -> str:
    return good.rsplit(".", 1)[-1]


def goods_text(T: Any, counts: Any) -> str:
    """Goods counts (a vector indexed like ``T.goods``) as "1 cloth, 2 wood"; "nothing" when empty."""
    parts = [f"{k} {_goods_word(T.goods[g])}" for g, k in enumerate(counts) if k]
    return ", ".join(parts) or "nothing"


def _names_text(names: Any) -> str:
    """A payment given as good ids (``("good.cloth", "good.cloth")``) as "2 cloth"."""
    counted = Counter(_goods_word(str(n)) for n in names or ())
    return ", ".join(f"{k} {g}" for g, k in counted.items()) or "nothing"


def symbols(ship: Any) -> str:
    return " ".join(f"{icon}{getattr(ship, attr)}" for attr, icon in SYMBOLS)


def ship_short(ship: Any) -> str:
    """"s11" for a market ship, "Portugal" for a starting ship, "h2" for a charter ship card."""
    return humanize(ship.id) if getattr(ship, "nation", None) else ship.id.rsplit(".", 1)[-1].split("#")[0]


def ship_text(ship: Any) -> str:
    """"small ship s11 (⛵1 📦2 👥2 🔭1)"."""
    if getattr(ship, "nation", None):
        return f"{possessive(humanize(ship.nation))} starting ship ({symbols(ship)})"
    size = "large" if ship.large else "small"
    return f"{size} ship {ship_short(ship)} ({symbols(ship)})"


def _entry_text(T: Any, ident: str) -> str:
    """A ship tile or a charter-ship card by id, in words."""
    if ident in T.ship_index:
        return ship_text(T.ships[T.ship_index[ident]])
    card = T.cards[T.card_index[ident]]
    if card.ship is not None:
        if card.nation:
            return f"{possessive(humanize(card.nation))} start card, a charter ship ({symbols(card.ship)})"
        return f"charter ship card {ident.rsplit('.', 1)[-1]} ({symbols(card.ship)})"
    return card_text(T, card)


def _entry_short(T: Any, ident: str) -> str:
    if ident in T.ship_index:
        return ship_short(T.ships[T.ship_index[ident]])
    return humanize(ident) if T.cards[T.card_index[ident]].nation else ident.rsplit(".", 1)[-1]


def card_text(T: Any, card: Any) -> str:
    """A "1x" card in words: a charter ship's values, or what a goods/points card gives."""
    short = card.id.rsplit(".", 1)[-1].split("#")[0]
    if card.ship is not None:
        who = f"{humanize(card.nation)} start card" if card.nation else f"card {short}"
        return f"{who}: charter ship {symbols(card.ship)}"
    gives = [goods_text(T, card.goods)] if any(card.goods) else []
    if card.points:
        gives.append(points_text(card.points))
    return f"card {short}: {', '.join(gives) or 'nothing'}"


def objective_text(obj: Any) -> str:
    """An objective card's condition and tiers: "4 wood → 5 points", "8 / 12 sail on your ships → 4 / 8 points"."""
    counts = " / ".join(str(c) for c, _ in obj.tiers)
    points = " / ".join(str(p) for _, p in obj.tiers)
    subject = _goods_word(obj.subject) if obj.subject else ""
    what = {
        "goods": f"{counts} {subject} in your storage",
        "ship_symbol": f"{counts} {subject} on your ships",
        "ship_count": f"{counts} {subject} ships",
        "city_markers": f"{counts} markers in cities",
        "scored_cities": f"markers in {counts} scored cities",
        "island_markers": f"{counts} markers on one island",
        "scored_islands": f"{obj.min_markers}+ markers on {counts} scored islands",
        "islands_total": f"{counts} markers on islands",
    }.get(obj.kind, f"{humanize(obj.kind)} {counts}")
    return f"{what} → {points} points"


def captain_text(state: Any, cap_id: str) -> str:
    T = _tables(state)
    cap = T.captains[T.captain_index[cap_id]]
    effect = CAPTAIN_EFFECTS.get(cap.ability, humanize(cap.ability)).format(n=cap.amount)
    return f"{_names(state)['captains'].get(cap_id, humanize(cap_id))} ({effect})"


def _space_text(T: Any, space_id: str) -> str:
    """"Newfoundland, space 2": the island's name and the space's number on it."""
    sp = T.island_spaces[T.space_index[space_id]]
    island = T.islands[sp.island]
    number = island.spaces.index(T.space_index[space_id]) + 1
    return f"{humanize(island.id)}, space {number}"


def _tile_text(T: Any, tile: Any) -> str:
    bonuses = " or ".join(_bonus_text(T, b) for b in tile.bonuses)
    return f"tile {tile.id.rsplit('.', 1)[-1]} (bonus {bonuses})"


def _bonus_text(T: Any, bonus: Any) -> str:
    parts = [goods_text(T, bonus.goods)] if any(bonus.goods) else []
    if bonus.points:
        parts.append(points_text(bonus.points))
    return " + ".join(parts) or "nothing"


def _shape(shape: str) -> str:
    return shape.rsplit("_", 1)[-1]


# --------------------------------------------------------------------------- observation memo


_observation = cached_observation


def _context(state: Any) -> tuple[str, dict[str, Any], dict[str, Any]]:
    obs = _observation(state, state.current_player)
    return obs["stage"], obs.get("context", {}), obs


# --------------------------------------------------------------------------- moves in words


def describe_action(state: Any, action: Action) -> str:
    """One line saying what ``action`` does, with the values that matter for choosing it (costs, bonuses)."""
    T = _tables(state)
    stage, ctx, obs = _context(state)
    kind = action.kind
    if kind == "done":
        return {
            "land": "Done: end your land phase",
            "plan": f"Done: assign no more ships to {humanize(T.actions[ctx.get('act', 0)])}",
            "keep": "Done: keep no more cards",
            "deliver": "Done: deliver no more",
            "antwerp": "Done: ship no more goods to Antwerp",
            "discover": "Done: place no more island tiles",
            "objective": "Done: resolve no more objectives",
            "card": "Done: play no card (back to the decision)",
        }.get(stage, "Done")
    if kind == "skip":
        if stage == "frame":
            return "Skip: take no reward (the frame marker still moves back)"
        return "Skip: place no extra cube"
    if kind == "new_england":
        settlers = int(ctx.get("settlers", 0))
        return f"Settle New England: {points_text(settlers * T.new_england_points)}"
    if kind == "expand":
        return _describe_expand(state, action)
    if kind == "build":
        return _describe_build(state, action)
    if kind == "play":
        return f"Play {card_text(T, T.cards[T.card_index[action.get('card')]])}"
    if kind == "play_card":
        return "Play a 1x card from your hand first (goods or points), then come back to this choice"
    if kind == "assign":
        text = f"Assign {_entry_text(T, action[1][1][1])} to {humanize(action.get('to'))}"
        cap = action.get("captain")
        return f"{text} with captain {captain_text(state, cap)}" if cap else text
    if kind == "load":
        return f"Load {T.load_goods} {_goods_word(action.get('good'))}"
    if kind == "keep":
        return f"Keep {card_text(T, T.cards[T.card_index[action.get('card')]])}"
    if kind == "settle":
        return _describe_settle(state, action, obs)
    if kind == "contract":
        slot = int(action.get("slot"))
        contract = _names(state)["contracts"][obs["contracts"][slot]]
        city = humanize(T.cities[T.contract_slots[slot]].id)
        ships = " + ".join(_entry_short(T, x) for x in action.get("ships"))
        return (
            f"Fulfil the {city} contract ({goods_text(T, contract.goods)} → {points_text(contract.points)}) "
            f"with {ships}, paying {_names_text(action.get('pay'))}"
        )
    if kind == "antwerp":
        ships = " + ".join(_entry_short(T, x) for x in action.get("ships"))
        return f"Deliver to Antwerp with {ships} ({points_text(T.antwerp_points)} per good)"
    if kind == "ship_good":
        return f"Ship 1 {_goods_word(action.get('good'))} to Antwerp for {points_text(T.antwerp_points)}"
    if kind == "place":
        tile = _names(state)["tiles"][action.get("tile")]
        return f"Put island {_tile_text(T, tile)} on {_space_text(T, action.get('space'))}"
    if kind == "chart":
        tile = T.island_tiles[ctx["tile"]] if isinstance(ctx.get("tile"), int) else None
        what = f"island {_tile_text(T, tile)}" if tile is not None else "the island tile"
        return f"Put {what} on {_space_text(T, action.get('space'))}"
    if kind == "frame":
        if action.get("card") is not None:
            return f"Take objective card: {objective_text(_names(state)['objectives'][action.get('card')])}"
        if action.get("captain") is not None:
            return f"Take captain {captain_text(state, action.get('captain'))}"
        return f"Take {T.frame_goods_taken} {_goods_word(action.get('good'))}"
    if kind == "frame_back":
        return f"Move the frame marker back to score space {action.get('space')}"
    if kind == "objective":
        obj = _names(state)["objectives"][action.get("card")]
        pay = action.get("pay") or ()
        paying = f", paying {_names_text(pay)}" if pay else ""
        return f"Resolve objective: {objective_text(obj)}{paying}"
    return str(action)


def _describe_expand(state: Any, action: Action) -> str:
    T = _tables(state)
    what = action.get("what")
    pay = _names_text(action.get("pay"))
    if what == "shipyard":
        return f"Expand harbour: shipyard expansion (+{T.shipyard_expansion_yards} ship place), paying {pay}"
    nation = T.nations[[n.id for n in T.nations].index(_observation(state, -1)["players"][state.current_player]["nation"])]
    name = _names(state)["expansions"].get(nation.id, humanize(what))
    effect = EXPANSION_EFFECTS.get(nation.expansion, humanize(nation.expansion)).format(n=nation.expansion_amount)
    return f"Expand harbour: {possessive(humanize(nation.id))} {name} ({effect}), paying {pay}"


def _describe_build(state: Any, action: Action) -> str:
    T = _tables(state)
    pay = _names_text(action.get("pay"))
    space = action.get("space")
    if space is not None:
        number = T.large_market_spaces.index(space) + 1
        text = f"Build the face-down large ship on market space {number} (+{points_text(T.large_ship_points)})"
    else:
        ship = T.ships[T.ship_index[action.get("ship")]]
        text = f"Build {ship_text(ship)}"
        if ship.large:
            text += f" (+{points_text(T.large_ship_points)})"
    text += f" paying {pay}"
    discard = action.get("discard")
    if discard is not None:
        text += f", giving up {ship_short(T.ships[T.ship_index[discard]])} to the storage board"
    return text


def _describe_settle(state: Any, action: Action, obs: dict[str, Any]) -> str:
    T = _tables(state)
    space_id = action.get("space")
    tile_id = obs["islands"][space_id]["tile"]
    tile = _names(state)["tiles"][tile_id]
    bonus = tile.bonuses[int(action.get("bonus"))]
    owner, height = obs["islands"][space_id]["spots"][int(action.get("spot"))]
    # the two marker spots of a tile are alike while empty: the same words, so the list shows the choice once
    whose = f"{possessive(nation_name(state, owner))} cube" if owner >= 0 else "the neutral cube"
    beside = f" (joining {whose} there)" if height else ""
    return f"Settle on {_space_text(T, space_id)}{beside}, taking {_bonus_text(T, bonus)}"


def action_group(state: Any, action: Action) -> str:
    """The heading a move is listed under when there are many: by kind, and by island or city where it helps."""
    T = _tables(state)
    kind = action.kind
    if kind in ("done", "skip"):
        return "Finish"
    if kind == "settle":
        space = T.island_spaces[T.space_index[action.get("space")]]
        return f"Settle on {humanize(T.islands[space.island].id)}"
    if kind == "contract":
        slot = int(action.get("slot"))
        return f"Contracts in {humanize(T.cities[T.contract_slots[slot]].id)}"
    if kind == "place":
        tile = _names(state)["tiles"][action.get("tile")]
        return f"Place island {_tile_text(T, tile)} (shape {_shape(tile.shape)})"
    if kind == "build":  # one heading: the ways of paying for each ship are folded into its line
        return "Build a ship"
    return {
        "new_england": "Settle New England",
        "expand": "Expand your harbour",
        "play": "Play a card",
        "play_card": "Play a card",
        "assign": "Assign a ship",
        "antwerp": "Deliver to Antwerp",
        "objective": "Resolve an objective",
        "frame": "Frame marker reward",
    }.get(kind, humanize(kind))


def stage_prompt(state: Any) -> str:
    """What the player to move decides, in words, with the numbers that frame it."""
    T = _tables(state)
    stage, ctx, obs = _context(state)
    title = STAGE_TITLES.get(stage, humanize(stage))
    me = obs["players"][state.current_player] if state.current_player >= 0 else None
    if stage == "land":
        return f"{title}: build ships or expand your harbour, or done"
    if stage == "plan":
        act = ctx.get("act", 0)
        nation = next(n for n in T.nations if me and n.id == me["nation"])
        assigned = len(me["assigned"][act]) if me else 0
        return (
            f"{title}: assign a ship to {humanize(T.actions[act])} "
            f"({assigned} of at most {nation.action_max[act]} assigned), or done"
        )
    if stage == "load":
        return f"{title}: choose the good to take"
    if stage == "keep":
        return f"{title}: keep a card you drew" + (", or done" if ctx.get("optional") else "")
    if stage == "settle":
        return f"{title}: a ship with {ctx.get('settlers', '?')} settlers — place a cube on an island tile or settle New England"
    if stage == "settle_extra":
        return f"{title}: place your extra cube ({ctx.get('settlers', '?')}) on any tiled space, or skip"
    if stage == "deliver":
        ships = ", ".join(f"{_entry_short(T, s)} (📦{c})" for s, c in ctx.get("crates", []))
        return f"{title}: fulfil a contract or ship to Antwerp with {ships or 'your ships'}, or done"
    if stage == "antwerp":
        return f"{title}: ship goods one at a time ({ctx.get('left', '?')} crates), or done"
    if stage == "discover":
        return f"{title}: put a drawn island tile on a free space of its shape" + (", or done" if ctx.get("optional") else "")
    if stage == "frame":
        frame = T.frames[ctx["frame"]] if isinstance(ctx.get("frame"), int) else None
        reward = REWARDS.get(frame.reward, frame.reward) if frame else "reward"
        optional = ", or skip it" if T.frame_reward_optional else ""  # the reading lets the player decline it
        why = frame_reason(state, obs, ctx)
        return f"{title} reached{why}: take your {reward}" + (" card" if reward == "objective" else "") + optional
    if stage == "frame_back":
        return f"{title}: choose the score space to move it back to"
    if stage == "chart":
        return f"{title}: choose where the island tile goes"
    if stage == "objective":
        resolved = int(ctx.get("resolved", 0))
        cost = "free" if resolved < T.objective_free else f"costs {T.objective_cost} goods"
        return f"{title}: resolve an objective card (the next one {cost}), or done"
    if stage == "card":
        paused = STAGE_TITLES.get(str(ctx.get("paused", "")), "your decision")
        return f"{title} (any time in your turn), then back to: {paused}"
    return title


def frame_reason(state: Any, obs: dict[str, Any], ctx: dict[str, Any]) -> str:
    """Why the frame marker now resolved counts for the player: the space their figure reached or passed, and
    on a later lap round the track (after 50) the reading that makes a marker count again."""
    T = _tables(state)
    m = ctx.get("frame")
    if not isinstance(m, int) or state.current_player < 0:
        return ""
    space = obs["frames"][m][0]
    score = obs["players"][state.current_player]["score"]
    track = T.track_length
    laps = max(0, (score - space) // track)
    if not laps:
        return f" (your ship reached or passed score space {space})"
    return (
        f" (your ship went past {track} and on from the start of the track to {score} = {track * laps} + "
        f"{score - track * laps}, passing score space {space} again; you had not resolved this marker, and it counts "
        "on every lap: ruling frame_marker_laps)"
    )


# --------------------------------------------------------------------------- the board


def render(state: Any, viewer: int) -> Any:
    """The board as ``viewer`` sees it (``-1``: public information only), readable at 80 columns."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    obs = _observation(state, viewer)
    head = _headline(state, obs)
    legend = Text(
        "Ships: " + "  ".join(f"{icon} {attr}" for attr, icon in SYMBOLS) + "  ·  1st/2nd: majority bonuses",
        style="dim",
    )
    panels = [_player_panel(state, obs, p, viewer) for p in range(len(obs["players"]))]
    return Group(
        head,
        legend,
        Columns(panels, equal=True, expand=False),
        Columns([_market(state, obs), _cities(state, obs)], padding=(0, 2)),  # side by side when there is room
        _islands(state, obs),
        _track(state, obs),
    )


#: The part of the board each decision is about (shown with the player's panel between his own decisions).
STAGE_SECTIONS = {
    "land": ("market",),
    "deliver": ("cities",),
    "antwerp": ("cities",),
    "settle": ("islands",),
    "settle_extra": ("islands",),
    "discover": ("islands",),
    "chart": ("islands",),
    "frame_back": ("track",),
}


def render_brief(state: Any, viewer: int) -> Any:
    """Between two decisions of ``viewer`` in a row: the headline, his panel and what the decision is about."""
    from rich.console import Group

    obs = _observation(state, viewer)
    sections = {"market": _market, "cities": _cities, "islands": _islands, "track": _track}
    parts: list[Any] = [_headline(state, obs)]
    if 0 <= viewer < len(obs["players"]):
        parts.append(_player_panel(state, obs, viewer, viewer))
    parts += [sections[name](state, obs) for name in STAGE_SECTIONS.get(obs["stage"], ())]
    return Group(*parts)


def _headline(state: Any, obs: dict[str, Any]) -> Any:
    from rich.text import Text

    T = _tables(state)
    stage = STAGE_TITLES.get(obs["stage"], humanize(obs["stage"]))
    head = Text()
    head.append(f"Round {min(obs['round'] + 1, T.rounds)} of {T.rounds}", style="bold")
    head.append(f" · {stage} · start player {nation_name(state, obs['start_player'])}")
    if obs["current_player"] >= 0:
        head.append(f" · to move: {seat_label(state, obs['current_player'])}", style="bold")
    return head


def _player_panel(state: Any, obs: dict[str, Any], p: int, viewer: int) -> Any:
    from rich.panel import Panel
    from rich.text import Text

    T = _tables(state)
    info = obs["players"][p]
    text = Text()

    def line(label: str, value: str) -> None:
        text.append(f"{label:<11}", style="bold")
        text.append(value + "\n")

    line("Goods", goods_text(T, [info["goods"].get(g, 0) for g in T.goods]))
    line("Ships", f"{len(info['shipyard'])} of {info['capacity']} places")
    for ident in info["shipyard"]:
        ship = T.ships[T.ship_index[ident]]
        text.append(f"  {ship_short(ship):<11} {'large' if ship.large else 'small'} {symbols(ship)}\n")
    planned = [
        f"{humanize(T.actions[a])}: {', '.join(_entry_short(T, e) for e in entries)}"
        for a, entries in enumerate(info.get("assigned", []))
        if entries
    ]
    if planned:
        line("Assigned", "; ".join(planned))
    cards = info["cards"]
    if isinstance(cards, int):
        line("Cards", f"{cards} in hand")
    else:
        line("Cards", "—" if not cards else "")
        for ident in cards:
            card = T.cards[T.card_index[ident]]
            if card.ship is not None:
                text.append(f"  charter ship  {symbols(card.ship)}\n")  # its own name would not fit beside
            else:
                text.append(f"  {card_text(T, card)}\n")
    objectives = info["objectives"]
    if isinstance(objectives, int):
        line("Objectives", f"{objectives} in hand")
    else:
        line("Objectives", "—" if not objectives else "")
        for ident in objectives:
            text.append(f"  {objective_text(_names(state)['objectives'][ident])}\n")
    if info["captains"]:
        line("Captains", ", ".join(captain_text(state, c) for c in info["captains"]))
    nation = next(n for n in T.nations if n.id == info["nation"])
    own_name = _names(state)["expansions"].get(nation.id, humanize(nation.expansion))
    expansions = info["expansions"]
    built = [name for name, done in (("shipyard", expansions["shipyard"]), (own_name, expansions["nation"])) if done]
    line("Expansions", ", ".join(built) or "none")
    text.rstrip()
    title = seat_label(state, p) + (" · you" if p == viewer else "")
    style = "bold green" if p == obs["current_player"] else "none"
    subtitle = points_text(info["score"]) + (" · 50/100 card" if info.get("fifty", -1) >= 0 else "")
    return Panel(text, title=title, title_align="left", subtitle=subtitle, subtitle_align="right", border_style=style, width=39)


def _market(state: Any, obs: dict[str, Any]) -> Any:
    T = _tables(state)
    table = board_table("Ship market")
    table.add_column(f"small ships (cost {goods_text(T, T.small_ship_cost)})", no_wrap=True)
    table.add_column("large ships" + (" (face down: cost shown)" if T.large_market_hidden else ""), no_wrap=True)
    for small, large in zip(obs["small_market"], obs["large_market"], strict=False):
        s = "—"
        if small:
            ship = T.ships[T.ship_index[small]]
            s = f"{ship_short(ship):<11} {symbols(ship)}"
        lg = "—"
        if isinstance(large, dict):
            lg = f"cost {_names_text(large['cost'])}"
        elif large:
            ship = T.ships[T.ship_index[large]]
            lg = f"{ship_short(ship)} {symbols(ship)} cost {goods_text(T, ship.cost)}"
        table.add_row(s, lg)
    return table


def _cities(state: Any, obs: dict[str, Any]) -> Any:
    T = _tables(state)
    contracts = _names(state)["contracts"]
    table = board_table("Cities and their contracts")
    table.add_column("city", no_wrap=True)
    table.add_column("1st/2nd", justify="center")
    table.add_column("markers")
    table.add_column("open contracts (goods → points)")
    for c, city in enumerate(T.cities):
        cubes = obs["city_cubes"][c]
        counted = Counter(cubes)
        markers = ", ".join(f"{nation_name(state, o)} {k}" for o, k in counted.most_common())
        markers = f"{len(cubes)} of {city.cube_spaces}" + (f": {markers}" if markers else "")
        open_ = [
            f"{goods_text(T, contracts[ident].goods)} → {contracts[ident].points}"
            for slot, ident in enumerate(obs["contracts"])
            if ident and T.contract_slots[slot] == c
        ]
        name = humanize(city.id) + (" ✓ scored" if obs["city_scored"][c] else "")
        table.add_row(name, f"{city.first}/{city.second}", markers, "\n".join(open_) or "—")
    return table


def _islands(state: Any, obs: dict[str, Any]) -> Any:
    T = _tables(state)
    table = board_table("Islands", caption="space n: shape when empty; tiles show cubes as nation×height, · a free spot")
    table.add_column("island", no_wrap=True)
    table.add_column("1st/2nd", justify="center")
    table.add_column("spaces")
    table.add_column("markers")
    for i, isl in enumerate(T.islands):
        cells = []
        counts: Counter[int] = Counter()
        for number, s in enumerate(isl.spaces, 1):
            info = obs["islands"][T.island_spaces[s].id]
            if info["tile"] is None:
                cells.append(f"{number}:{_shape(T.island_spaces[s].shape)}")
                continue
            spots = []
            for owner, height in info["spots"]:
                if height:
                    counts[owner] += height
                    spots.append(f"{_initial(state, owner)}×{height}")
                else:
                    spots.append("·")
            for owner in info.get("extra", []):
                counts[owner] += 1
            extra = f"+{len(info['extra'])}" if info.get("extra") else ""
            cells.append(f"{number}:[{','.join(spots)}{extra}]")  # no space inside: a cell never splits a tile
        markers = ", ".join(f"{nation_name(state, o)} {k}" for o, k in counts.most_common()) or "—"
        name = humanize(isl.id) + (" ✓" if obs["island_scored"][i] else "")
        table.add_row(name, f"{isl.first}/{isl.second}", " ".join(cells), markers)
    return table


def _initial(state: Any, owner: int) -> str:
    """A cube's owner in two letters ("Po", "Fr"; "N" the neutral power): short enough for an island's row."""
    return "N" if owner < 0 else nation_name(state, owner)[:2]


def _track(state: Any, obs: dict[str, Any]) -> Any:
    from rich.text import Text

    T = _tables(state)
    frames = [
        f"{pos} {REWARDS.get(T.frames[m].reward, T.frames[m].reward)}"
        for m, (pos, gone) in enumerate(obs["frames"])
        if not gone
    ]
    text = Text()
    text.append("Frame markers on the score track: ", style="bold")
    text.append(" · ".join(frames) or "none left")
    return text


# --------------------------------------------------------------------------- long lists folded


def fold_action(state: Any, action: Action) -> tuple[str, str] | None:
    """A move that pays goods is one way to do one thing: listed once per thing, its payments chosen after.

    ``("Build small ship s11 (⛵1 📦2 👥2 🔭1)", "paying 1 gold, 1 wood")``: with gold standing in for other goods
    one ship can be paid three ways; the list shows the ship once.
    """
    if action.get("pay") is None:
        return None
    text = describe_action(state, action)
    pay = _names_text(action.get("pay"))
    for joint in (", paying ", " paying "):
        marker = f"{joint}{pay}"
        if marker in text:
            line, _, rest = text.partition(marker)
            return line + rest, f"paying {pay}"
    return None


# --------------------------------------------------------------------------- what a move did


#: Where a move's own points come from, by the kind of move.
POINT_SOURCES = {
    "settle": "settling (tile bonuses)",
    "new_england": "New England",
    "place": "discovering (tile bonuses)",
    "contract": "contracts",
    "antwerp": "Antwerp",
    "ship_good": "Antwerp",
    "build": "large ships built",
    "play": "points cards played",
    "objective": "objectives resolved",
}

#: Final-scoring items (``state.final_points()``) in words.
FINAL_ITEMS = {
    "unscored_cubes": "unscored markers (final)",
    "fifty_card": "50/100 card",
    "cards": "1x cards in hand",
    "objectives": "objective cards in hand",
}


def explain_move(state: Any, action: Action) -> Any:
    """Before ``action``: remember what scoring depends on; after it, say which scorings ran and itemise points.

    Island and city scorings run between decisions (after the last action of a round), so their points are
    recomputed from the board (``area_points``: the markers stay where they were); the end of the game adds
    the final-scoring items; what is left of the mover's points came from the move itself.
    """
    from engine.runtime.display import MoveReport, ScoreItem

    T = _tables(state)
    before = list(state.scores())
    obs = _observation(state, -1)
    scored_before = {"island": list(obs["island_scored"]), "city": list(obs["city_scored"])}
    mover = state.current_player

    def after(state_after: Any) -> MoveReport:
        report = MoveReport()
        now = list(state_after.scores())
        explained = [0] * len(now)
        obs_after = _observation(state_after, -1)
        areas = {"island": T.islands, "city": T.cities}
        for kind, flags in (("island", obs_after["island_scored"]), ("city", obs_after["city_scored"])):
            for idx, scored in enumerate(flags):
                if not scored or scored_before[kind][idx]:
                    continue
                points = state_after.area_points(kind, idx)
                name = humanize(areas[kind][idx].id)
                shares = ", ".join(f"{nation_name(state_after, p)} +{v}" for p, v in enumerate(points) if v)
                report.lines.append(f"{kind.capitalize()} scoring, {name}: {shares or 'nobody scores'}")
                for p, v in enumerate(points):
                    if v:
                        report.points.append(ScoreItem(p, f"{kind} scorings", v))
                        explained[p] += v
        if state_after.is_terminal():
            for p, items in enumerate(state_after.final_points()):
                for item, v in items:
                    if v:
                        report.points.append(ScoreItem(p, FINAL_ITEMS.get(item, humanize(item)), v))
                        explained[p] += v
        if 0 <= mover < len(now):
            own = now[mover] - before[mover] - explained[mover]
            if own:
                report.points.append(ScoreItem(mover, POINT_SOURCES.get(action.kind, "other"), own))
        return report

    return after


# --------------------------------------------------------------------------- why a move is not offered


#: What a player may try to do, the words he may type for it, the move kinds and the decisions it belongs to.
ACTIVITIES: tuple[tuple[str, tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    ("Building ships", ("build", "ship", "buy"), ("build",), ("land",)),
    ("Expanding the harbour", ("expand", "harbour", "harbor", "shipyard", "expansion"), ("expand",), ("land",)),
    ("Assigning ships to actions", ("assign", "plan"), ("assign",), ("plan",)),
    ("Loading", ("load",), ("load", "keep"), ("load", "keep")),
    ("Settling", ("settle", "cube", "marker", "new", "england"), ("settle", "new_england"), ("settle", "settle_extra")),
    ("Delivering", ("deliver", "contract", "antwerp"), ("contract", "antwerp", "ship_good"), ("deliver", "antwerp")),
    ("Discovering", ("discover", "tile"), ("place",), ("discover",)),
    ("Resolving objective cards", ("objective", "resolve"), ("objective",), ("objective",)),
    ("Playing a goods or points card", ("play", "card"), ("play",), ()),
)


def why_not(state: Any, words: list[str]) -> str | None:
    """Why no legal move matches ``words``: the decision it belongs to, or what the player lacks for it."""
    T = _tables(state)
    stage, _, obs = _context(state)
    now = STAGE_TITLES.get(stage, humanize(stage))
    typed = {w.lower().strip(".,:") for w in words}
    reasons = []
    for title, keys, kinds, stages in ACTIVITIES:
        if not typed & set(keys):
            continue
        if any(a.kind in kinds for a in state.legal_actions()):
            continue
        me = obs["players"][state.current_player] if state.current_player >= 0 else None
        if not stages:  # cards: any time in your own turn, if you hold one that gives goods or points
            held = [c for c in (me or {}).get("cards", []) if T.cards[T.card_index[c]].ship is None] if me else []
            reasons.append(f"{title}: you hold no goods or points card." if not held else
                           f"{title}: your cards are offered where this game lets you play them; not in this decision ({now}).")
            continue
        if stage not in stages:
            where = " or ".join(sorted({STAGE_TITLES.get(x, humanize(x)) for x in stages}))
            reasons.append(f"{title} is done in {where}; this decision is {now}.")
        elif kinds == ("build",) and me is not None:
            have = goods_text(T, [me["goods"].get(g, 0) for g in T.goods])
            reasons.append(f"{title}: you cannot pay for any ship in the market (you have {have}; a small ship "
                           f"costs {goods_text(T, T.small_ship_cost)}).")
        elif kinds == ("expand",) and me is not None:
            have = goods_text(T, [me["goods"].get(g, 0) for g in T.goods])
            reasons.append(f"{title}: you cannot pay for an expansion you have not built yet (you have {have}).")
        else:
            reasons.append(f"{title}: nothing of it is possible for you in this decision.")
    return " ".join(reasons) or None
