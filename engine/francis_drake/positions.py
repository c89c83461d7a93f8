"""Build *Francis Drake* positions directly, for rule tests and worked examples of the rulebook.

Playing Plymouth Street move by move to reach, say, the rulebook's Example 8 would bury a test in set-up
moves, so :func:`sailing_position` builds the Sailing Phase of a voyage directly: the ships sit in the Outbound
Docks in a given order, each captain holds what his :class:`Seat` says (taken from the supply, so components
stay conserved), and the Admiral/Governor counters lie where the test wants them. From there a test plays on
through the ordinary API (``legal_actions``/``apply``), helped by :func:`place_missions` and
:func:`resolve_missions`.

Example (the Governor's swap of the rulebook's Example 3)::

    state = sailing_position(4, sailing_order=[GREEN, RED, BLUE, YELLOW],
                             seats={YELLOW: Seat(counters=("governor",))})
    assert state.table.outbound == [GREEN, RED, YELLOW, BLUE]

A built position has no move history, so it is for rule tests only: ``to_json`` of it does not replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.francis_drake import sailing
from engine.francis_drake.data import Tables
from engine.francis_drake.model import ADMIRAL, GOVERNOR, MISSIONS, RESOLVE, RETURN, STOCK_ITEMS
from engine.francis_drake.state import FrancisDrakeGame, FrancisDrakeState
from engine.runtime.api import Action, GameConfig


@dataclass(frozen=True)
class Seat:
    """What one captain holds when his ship is in the Outbound Docks.

    ``supplies`` defaults to enough barrels for the farthest zone (from the spec) unless a test says otherwise.
    ``counters`` are personalities (``admiral``, ``governor``, ``informer``).
    """

    crew: int = 0
    guns: int = 0
    supplies: int | None = None
    trade_goods: int = 0
    galleon: bool = False
    pinnace: int = 0
    counters: tuple[str, ...] = ()
    golden_hind: bool = False
    ghost: bool = False
    score: int | None = None


def sailing_position(
    players: int,
    sailing_order: Sequence[int],
    seats: Mapping[int, Seat] | None = None,
    *,
    seed: int = 0,
    troops: Mapping[str, int] | None = None,
    frigates: Mapping[str, int] | None = None,
    galleons: Mapping[str, str] | None = None,
    tables: Tables | None = None,
) -> FrancisDrakeState:
    """A state at step B of voyage 1 (placing Mission Discs), Plymouth skipped.

    ``sailing_order`` is the order of the Outbound Docks *before* the Governor's swap (step A runs here).
    ``troops``/``frigates`` fix the face-down counters (fort/galleon destination → value; unnamed sites keep
    the placer's or the random choice); ``galleons`` fixes which Spanish Galleon Counter lies where.
    """
    game = FrancisDrakeGame(GameConfig("francis_drake", players, seed), tables=tables)
    state = game.new_initial_state()
    t = state.table
    seats = dict(seats or {})
    for player in t.players:
        for item in STOCK_ITEMS:  # undo what setup handed out (the last player's Gun)
            t.give_back(player.seat, item, player.stock[item])
    for seat in range(players):
        spec = seats.get(seat, Seat())
        player = t.players[seat]
        for item in STOCK_ITEMS:
            wanted = getattr(spec, item)
            if wanted is None:  # supplies: every zone in reach
                wanted = t.tables.navigation_max * t.tables.supplies_per_zone
            if t.take(seat, item, wanted) != wanted:
                raise ValueError(f"the supply has fewer than {wanted} {item}")
        if spec.pinnace and t.take(seat, "pinnace", spec.pinnace) != spec.pinnace:
            raise ValueError("the supply has too few Pinnaces")
        player.galleon, player.golden_hind, player.ghost = spec.galleon, spec.golden_hind, spec.ghost
        player.counters = list(spec.counters)
        player.outbound = True
        if spec.score is not None:
            player.score = spec.score
    t.outbound = list(sailing_order)
    t.turn = -1
    if galleons:
        t.galleons.update(galleons)
    sailing.prepare(t)
    for personality, values, kind in ((ADMIRAL, frigates, "galleon"), (GOVERNOR, troops, "fort")):
        if t.phase == personality:
            sites = t.tables.dests_of(kind)
            default = dict(zip(sites, sailing.counter_actions(t, personality)[0].get("values"), strict=True))
            chosen = {**default, **(values or {})}
            action = Action.make("frigates" if personality == ADMIRAL else "troops", values=tuple(chosen[s] for s in sites))
            sailing.apply_counters(t, personality, action)
        elif values:
            (t.frigates if personality == ADMIRAL else t.troops).update(values)
    return state


def place_missions(state: FrancisDrakeState, plan: Mapping[int, Sequence[tuple[str, str]]]) -> None:
    """Play step B: each seat places its planned ``(disc, destination)`` pairs in Sailing Order.

    A seat whose plan runs out places its remaining discs on destinations no plan names (Trade Ports first,
    then the rest in id order), so they stay out of the example's way.
    """
    t = state.table
    planned = {dest for pairs in plan.values() for _, dest in pairs}
    queues = {seat: list(pairs) for seat, pairs in plan.items()}
    ports = set(t.tables.dests_of("trade_port"))
    while t.phase == MISSIONS:
        seat = state.current_player
        if queues.get(seat):
            disc, dest = queues[seat].pop(0)
            state.apply(Action.make("mission", disc=disc, dest=dest))
            continue
        fillers = [a for a in state.legal_actions() if a.get("dest") not in planned]
        fillers.sort(key=lambda a: (a.get("dest") not in ports, a.get("dest")))
        state.apply(fillers[0])


def resolve_missions(
    state: FrancisDrakeState,
    moves: Mapping[tuple[int, str], str] | None = None,
    return_after: Mapping[int, int] | None = None,
) -> None:
    """Play steps E–F: disc ``(seat, disc)`` plays ``moves[(seat, disc)]`` (an action string such as
    ``attack`` or ``trade:good=sugar``), every other disc passes; seat ``s`` returns home right after its
    mission number ``return_after[s]``. The voyage then ends (scored, board reset): what it left behind is
    in ``state.table.records`` (Homebound Docks, successes, hero's bonuses, scores).
    """
    t = state.table
    moves = dict(moves or {})
    return_after = dict(return_after or {})
    while t.phase in (RESOLVE, RETURN):
        if t.phase == RETURN:
            seat = t.decider
            home = return_after.get(seat) == t.players[seat].last_mission
            state.apply(Action.make("return_home" if home else "sail_on"))
            continue
        seat, disc = t.queue[t.qi]
        wanted = moves.get((seat, disc), "pass")
        state.apply(next(a for a in state.legal_actions() if str(a) == wanted))
