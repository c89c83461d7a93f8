"""The situations in which each ruling of Race to the New Found Land can change a game, counted as it is played.

``rulespec impact`` plays every game twice, under the default reading and under another, and reports how often
the ruling's situation arose: a reading whose situation the bots never meet cannot show an effect, and the report
says "not exercised" instead of "no effect". A counter sees what a bot sees — before each move the state (public
attributes such as ``stage``, ``score``, ``frame_pos``) and the action about to be played (its kind and args) —
and never changes anything. See :mod:`engine.runtime.situations` for the protocol.

Each situation is defined so that it can arise under every reading: it is the moment the readings part (a
frame marker resolved with room to stop short, a figure passing a marker on a later lap), not the choice or the
trigger one reading adds; the report takes the share of pairs in which either game met it. Scoring steps run
between decisions, so what they do (islands scored, markers removed, points gained) is seen at the next decision,
or after the last move for what the final scoring does: close enough to count games, not to replay them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.race_to_the_new_found_land import state as st
from engine.runtime.api import Action

#: Ruling id → the situation counted, in words (what a report prints beside the frequency).
SITUATIONS: dict[str, str] = {
    "setup_unfit_island_tile": "an island tile drawn at setup fits no space of its island",
    "large_ship_market_side": "a large ship is built from the market",
    "unused_starting_ships": "an unused starting ship reaches the small-ship market",
    "setup_island_placement_freedom": "a setup island tile fits several spaces and the start player picks one",
    "island_draw_stacks": "an island tile is drawn and placed while discovering",
    "new_england_points": "a ship settles New England",
    "gold_substitute": "gold is paid in place of another good",
    "frame_reward_optional": "a frame marker's reward is offered",
    "frame_marker_move_back": "a frame marker is resolved with two or more free spaces behind it within its reach",
    "frame_marker_blocking": "a frame marker moving back meets an occupied space within its reach",
    "frame_marker_timing": "a player decides while a frame marker reached this turn waits to be resolved",
    "frame_marker_removal": "every player has reached a frame marker while a ship figure stands on its space",
    "contract_refill_timing": "a player fulfils a contract and still has ships to deliver with",
    "antwerp_capacity": "a player delivers to Antwerp holding more goods than the ships' crates",
    "scoring_advance": "two or more islands, or two or more cities, score in the same step",
    "fifty_card_trigger": "a score lands exactly on a 50/100 threshold",
    "neutral_majority": "an island with neutral markers on it scores (2 players)",
    "frame_marker_laps": "a ship figure on a later lap round the scoring track reaches a frame marker it has not resolved",
    "charter_ship_discard": "the 1x card stack is rebuilt from the storage board in a round in which a charter ship was used",
    "first_place_tie": "an island or city scores with a tie for the most markers and one player alone next most",
}

#: The rulings whose detectors compare a decision with the one before: run once more after the last move, since
#: the final scoring (and a last round's end phase with no decision after it) happens after every decision.
_COMPARED_WITH_LAST = frozenset(
    {"frame_marker_removal", "scoring_advance", "fifty_card_trigger", "neutral_majority", "frame_marker_laps",
     "charter_ship_discard", "first_place_tie"}
)  # fmt: skip

Detector = Callable[[Any, Action], int]


class RaceSituations:
    """Counts the situations of the rulings asked for over one game (``observe`` before every move)."""

    def __init__(self, rulings: Iterable[str]) -> None:
        self.wanted = [r for r in rulings if r in SITUATIONS]
        self.found = dict.fromkeys(self.wanted, 0)
        # per-game memory of the detectors that compare one decision with the last
        self._setup_seen = False
        self._start_ships_seen: set[int] = set()
        self._resolutions: set[tuple[int, int, int]] = set()
        self._room_checked: set[tuple[int, int, int]] = set()
        self._gone: list[bool] | None = None
        self._scored: tuple[int, int] | None = None
        self._on_threshold: set[tuple[int, int]] = set()
        self._islands_scored: list[bool] | None = None
        self._areas_scored: tuple[list[bool], list[bool]] | None = None
        self._track: tuple[list[int], list[int], list[int], list[bool], list[list[int]]] | None = None
        self._round = -1
        self._charters_out: set[int] = set()  # charter ships on an action now
        self._charters_used = False  # a charter ship has come back from its action this round
        self._storage: set[int] = set()  # the storage board's 1x cards at the last decision (while it matters)
        # the detectors to run at each stage, and at every decision
        by_stage: dict[int, list[tuple[str, Detector]]] = {}
        always: list[tuple[str, Detector]] = []
        for ruling in self.wanted:
            stages, detector = self._detectors()[ruling]
            if stages is None:
                always.append((ruling, detector))
            else:
                for stage in stages:
                    by_stage.setdefault(stage, []).append((ruling, detector))
        self._by_stage = by_stage
        self._always = always

    def observe(self, state: Any, action: Action) -> None:
        found = self.found
        for ruling, detector in self._by_stage.get(state.stage, ()):
            found[ruling] += detector(state, action)
        for ruling, detector in self._always:
            found[ruling] += detector(state, action)

    def counts(self, state: Any) -> dict[str, int]:
        found = self.found
        for ruling, detector in self._always:
            if ruling in _COMPARED_WITH_LAST:  # what the final scoring did, after the last decision
                found[ruling] += detector(state, _AFTER_THE_LAST_MOVE)
        return dict(found)

    # ------------------------------------------------------------------ the detectors

    def _detectors(self) -> dict[str, tuple[tuple[int, ...] | None, Detector]]:
        """Ruling id → (the stages its situation is seen at, or None for every decision; the detector)."""
        return {
            "setup_unfit_island_tile": ((st.LAND,), self._unfit_tiles),
            "large_ship_market_side": ((st.LAND,), _large_ship_built),
            "unused_starting_ships": ((st.LAND,), self._start_ship_in_market),
            "setup_island_placement_freedom": ((st.CHART,), _one),
            "island_draw_stacks": ((st.DISCOVER,), _kind_is("place")),
            "new_england_points": ((st.SETTLE,), _kind_is("new_england")),
            "gold_substitute": ((st.LAND, st.DELIVER), _gold_for_another_good),
            "frame_reward_optional": ((st.FRAME,), _one),
            "frame_marker_move_back": ((st.FRAME, st.FRAME_BACK), self._room_to_stop_short),
            "frame_marker_blocking": ((st.FRAME, st.FRAME_BACK), self._blocked_move_back),
            "frame_marker_timing": (None, _marker_waiting),
            "frame_marker_removal": (None, self._removed_under_a_figure),
            "contract_refill_timing": ((st.DELIVER,), _contract_with_ships_left),
            "antwerp_capacity": ((st.DELIVER,), _antwerp_beyond_crates),
            "scoring_advance": (None, self._several_scored),
            "fifty_card_trigger": (None, self._score_on_threshold),
            "neutral_majority": (None, self._neutral_island_scored),
            "frame_marker_laps": (None, self._marker_met_on_a_later_lap),
            "charter_ship_discard": (None, self._stack_rebuilt_after_a_charter),
            "first_place_tie": (None, self._tie_for_first_scored),
        }

    def _unfit_tiles(self, state: Any, action: Action) -> int:
        """At the first land decision, the tiles setup put on the storage board (none is there otherwise yet)."""
        if self._setup_seen:
            return 0
        self._setup_seen = True
        return len(state.st_islands)

    def _start_ship_in_market(self, state: Any, action: Action) -> int:
        T = state.T
        unused = {nat.start_ship for nat in T.nations} - {T.nations[n].start_ship for n in state.nation}
        new = {s for s in state.small_market if s in unused} - self._start_ships_seen
        self._start_ships_seen |= new
        return len(new)

    def _blocked_move_back(self, state: Any, action: Action) -> int:
        if not _first_look(self._resolutions, state):
            return 0
        occupied, reach = _marker_reach(state)
        return 1 if any(space in occupied for space in reach) else 0

    def _room_to_stop_short(self, state: Any, action: Action) -> int:
        """Two or more free spaces behind the resolved marker before anything stands in its way: where a reading
        lets the player choose the distance, there is a choice (seen at the reward, or at the choice itself)."""
        if not _first_look(self._room_checked, state):
            return 0
        occupied, reach = _marker_reach(state)
        free = 0
        for space in reach:
            if space in occupied:
                break
            free += 1
        return 1 if free >= 2 else 0

    def _marker_met_on_a_later_lap(self, state: Any, action: Action) -> int:
        """A figure whose points since the last decision took it past a marker's space on a lap after its first,
        the marker still on the track and not yet resolved by that player (as they stood at that decision)."""
        score = state.score
        before = self._track
        self._track = (list(score), list(state.claimed), list(state.frame_pos), list(state.frame_gone),
                       [list(pending) for pending in state.pending])  # fmt: skip
        if before is None or before[0] == score:
            return 0
        old_scores, claimed, frame_pos, gone, pending = before
        track = state.T.track_length
        found = 0
        for p, new in enumerate(score):
            old = old_scores[p]
            if new == old:
                continue
            for m, pos in enumerate(frame_pos):
                if gone[m] or claimed[p] >> m & 1 or m in pending[p]:
                    continue
                passes = (new - pos) // track - (old - pos) // track
                first_lap = 1 if old < pos <= new else 0
                if passes > first_lap:
                    found += 1
        return found

    def _stack_rebuilt_after_a_charter(self, state: Any, action: Action) -> int:
        """The 1x stack rebuilt from the storage board (cards that lay there at the last decision are in the stack
        now) after a charter ship came back from its action in the same round: one reading has put that charter
        ship on the storage board already, the other keeps it aside until the end of the round."""
        if state.round != self._round:
            self._round, self._charters_used = state.round, False
        found = 1 if self._charters_used and not self._storage.isdisjoint(state.card_stack) else 0
        out = {idx for per_action in state.assigned for entries in per_action for kind, idx in entries if kind != "ship"}
        if self._charters_out - out:
            self._charters_used = True
        self._charters_out = out
        self._storage = set(state.st_cards) if self._charters_used else set()
        return found

    def _tie_for_first_scored(self, state: Any, action: Action) -> int:
        """Islands and cities scored since the last decision whose tie for first leaves one player alone next most:
        the one case where the readings give different bonuses (nl's reading pays that player the second)."""
        now = (list(state.island_scored), list(state.city_scored))
        before, self._areas_scored = self._areas_scored, now
        if before is None or before == now:
            return 0
        found = 0
        for kind, was, scored in (("island", before[0], now[0]), ("city", before[1], now[1])):
            for idx, done in enumerate(scored):
                if done and not was[idx] and _alone_behind_a_tie(state, state.area_counts(kind, idx)):
                    found += 1
        return found

    def _removed_under_a_figure(self, state: Any, action: Action) -> int:
        gone = state.frame_gone
        if self._gone is None or gone == self._gone:
            self._gone = list(gone)
            return 0
        track = state.T.track_length
        figures = {points % track for points in state.score}
        found = sum(1 for m, now in enumerate(gone) if now and not self._gone[m] and state.frame_pos[m] in figures)
        self._gone = list(gone)
        return found

    def _several_scored(self, state: Any, action: Action) -> int:
        scored = (sum(state.island_scored), sum(state.city_scored))
        before, self._scored = self._scored, scored
        if before is None:
            return 0
        return 1 if scored[0] - before[0] >= 2 or scored[1] - before[1] >= 2 else 0

    def _score_on_threshold(self, state: Any, action: Action) -> int:
        T = state.T
        found = 0
        for p, points in enumerate(state.score):
            if (points == T.fifty_at or points == T.hundred_at) and (p, points) not in self._on_threshold:
                self._on_threshold.add((p, points))
                found += 1
        return found

    def _neutral_island_scored(self, state: Any, action: Action) -> int:
        if state.n != state.T.neutral_players:
            return 0
        scored = state.island_scored
        before, self._islands_scored = self._islands_scored, list(scored)
        if before is None or before == scored:
            return 0
        return sum(
            1 for i, now in enumerate(scored) if now and not before[i] and st.NEUTRAL in state.area_counts("island", i)
        )


def _one(state: Any, action: Action) -> int:
    return 1


#: What the detectors that compare with the last decision are given after the last move (they read no action).
_AFTER_THE_LAST_MOVE = Action("game_over", ())


def _first_look(seen: set[tuple[int, int, int]], state: Any) -> bool:
    """Whether this frame-marker resolution is new to ``seen``: one resolution asks for a reward, a space, or
    both, and is counted once."""
    p = state.cur
    key = (state.ctx["frame"], p, state.claimed[p])
    if key in seen:
        return False
    seen.add(key)
    return True


def _marker_reach(state: Any) -> tuple[set[int], list[int]]:
    """For the marker being resolved: the occupied spaces of the track (ship figures, the other markers on it),
    and the spaces within its reach back, nearest first."""
    T = state.T
    m = state.ctx["frame"]
    track = T.track_length
    occupied = {points % track for points in state.score}
    occupied |= {at for k, at in enumerate(state.frame_pos) if k != m and not state.frame_gone[k]}
    pos = state.frame_pos[m]
    return occupied, [pos - d for d in range(1, T.frame_back + 1) if pos - d >= T.frame_min_space]


def _alone_behind_a_tie(state: Any, counts: dict[int, int]) -> bool:
    """Two or more (a neutral colour included) tied for the most markers, and one player alone with the next most
    among the rest (neutral markers count for that place only where the rules let them), as the scoring ranks."""
    most = max(counts.values(), default=0)
    if most <= 0 or sum(1 for v in counts.values() if v == most) < 2:
        return False
    rest = {o: v for o, v in counts.items() if 0 < v < most and (o != st.NEUTRAL or state.T.neutral_second_place)}
    if not rest:
        return False
    next_most = max(rest.values())
    behind = [o for o, v in rest.items() if v == next_most]
    return len(behind) == 1 and behind[0] >= 0


def _kind_is(kind: str) -> Detector:
    def detect(state: Any, action: Action) -> int:
        return 1 if action.kind == kind else 0

    return detect


def _large_ship_built(state: Any, action: Action) -> int:
    if action.kind != "build":
        return 0
    if action.get("space") is not None:
        return 1
    T = state.T
    return 1 if T.ships[T.ship_index[action.get("ship")]].large else 0


def _gold_for_another_good(state: Any, action: Action) -> int:
    """A build, harbour expansion or contract paid with more gold than its cost shows."""
    pay = action.get("pay")
    if not pay or action.kind not in ("build", "expand", "contract"):
        return 0
    T = state.T
    gold = T.goods[T.gold]
    cost = _cost_of(state, action)
    return 1 if cost is not None and pay.count(gold) > cost[T.gold] else 0


def _cost_of(state: Any, action: Action) -> tuple[int, ...] | None:
    T = state.T
    if action.kind == "contract":
        return T.contracts[state.contracts[int(action.get("slot"))]].goods  # type: ignore[no-any-return]
    if action.kind == "expand":
        if action.get("what") == "shipyard":
            return T.shipyard_expansion_cost  # type: ignore[no-any-return]
        return state.nat(state.cur).expansion_cost  # type: ignore[no-any-return]
    space = action.get("space")
    ship = state.large_market[T.large_market_spaces.index(space)] if space is not None else T.ship_index[action.get("ship")]
    return T.ships[ship].cost  # type: ignore[no-any-return]


def _marker_waiting(state: Any, action: Action) -> int:
    return 1 if state.stage not in (st.FRAME, st.FRAME_BACK) and state.cur >= 0 and state.pending[state.cur] else 0


def _contract_with_ships_left(state: Any, action: Action) -> int:
    return 1 if action.kind == "contract" and len(state.ctx["ships"]) > len(action.get("ships")) else 0


def _antwerp_beyond_crates(state: Any, action: Action) -> int:
    if action.kind != "antwerp":
        return 0
    used = set(action.get("ships"))
    crates = sum(c for entry, c in state.ctx["crates"].items() if state.entry_id(entry) in used)
    return 1 if sum(state.goods[state.cur]) > crates else 0


def new_counter(rulings: Iterable[str]) -> RaceSituations:
    """A counter for one game (see :mod:`engine.runtime.situations`)."""
    return RaceSituations(rulings)
