"""The scoring track: points moving a ship figure, the 50/100 cards, and the frame markers a figure reaches."""

from __future__ import annotations

from engine.race_to_the_new_found_land.core import FRAME, FRAME_BACK, SKIP, Flow, StateCore
from engine.runtime.api import Action


class ScoreTrack(StateCore):
    """The scoring track: points moving a ship figure, the 50/100 cards, and the frame markers a figure reaches."""

    __slots__ = ()

    def gain(self, p: int, points: int) -> None:
        """Move ``p``'s ship figure ``points`` forward: 50/100 cards and frame markers reached are noted.

        After 50 the figure goes on from the start of the track; by the ``frame_marker_laps`` reading a marker it
        has not resolved counts again when the figure reaches it on a later lap, or only on the first.

        Rules: end_phase.fifty_hundred, frame_markers.choose, frame_markers.once_per_player"""
        if points <= 0:
            return
        T = self.T
        old = self.score[p]
        new = old + points
        self.score[p] = new
        if new >= T.fifty_at or new >= T.hundred_at:  # below both no threshold is reached: most gains
            reached = 0
            for threshold in (T.fifty_at, T.hundred_at):
                if new > threshold or (T.fifty_on_reaching and new == threshold):
                    reached += 1
            if reached > self.laps[p]:
                if self.laps[p] == 0 and self.fifty_stack:
                    self.fifty[p] = self.fifty_stack.pop(0)
                self.laps[p] = reached
        track = T.track_length
        mine = self.claimed[p]
        pending = self.pending[p]
        gone = self.frame_gone
        start = old - 1 if T.frame_trigger_on_start else old
        if T.frame_every_lap:  # the figure meets a marker's space again on every lap round the track
            for m, pos in enumerate(self.frame_pos):
                # passing a marker is the rare case: tested first, then whether it still counts for ``p``
                if (new - pos) // track > (start - pos) // track and not (gone[m] or mine >> m & 1 or m in pending):
                    pending.append(m)
        else:  # only on the first lap: a marker's space is one score, passed once
            for m, pos in enumerate(self.frame_pos):
                if start < pos <= new and not (gone[m] or mine >> m & 1 or m in pending):
                    pending.append(m)
        if T.frame_removal_passed:  # a figure leaving a marker's space may be the last one to pass it
            self._check_removal()

    def figure_pos(self, p: int) -> int:
        return self.score[p] % self.T.track_length

    def _end_turn(self, p: int) -> Flow:
        """Resolve the frame markers ``p`` reached during this turn, one at a time, lowest first.

        Callers test ``self.pending[p]`` first (as for :meth:`_now`): most turns reach no marker, and starting a
        generator that has nothing to do costs more than the test.

        Rules: frame_markers.choose, frame_markers.timing, frame_markers.multiple, frame_markers.once_per_player"""
        while self.pending[p]:
            self.pending[p].sort(key=lambda m: self.frame_pos[m])
            m = self.pending[p].pop(0)
            if self.frame_gone[m] or self.claimed[p] >> m & 1:
                continue
            self.claimed[p] |= 1 << m
            options = self._frame_options(m)
            if options:
                if self.T.frame_reward_optional:  # the reading lets the player decline the reward
                    options = [*options, SKIP]
                self._ask(FRAME, p, frame=m)
                self._legal = self._with_card_entry(p, options, True)  # what _list_actions would list now
                action = yield
                self._take_frame(p, m, action)
            targets = self.frame_targets(m)
            if len(targets) > 1:
                self._ask(FRAME_BACK, p, frame=m, targets=tuple(targets))
                action = yield
                self.frame_pos[m] = int(action.get("space"))
            elif targets:
                self.frame_pos[m] = targets[0]
            self._check_removal()

    def _now(self, p: int) -> Flow:
        """Where the reading resolves frame markers immediately, do it after every gain of points.

        Rules: frame_markers.timing"""
        if self.T.frame_immediate and self.pending[p]:
            yield from self._end_turn(p)

    def _check_removal(self) -> None:
        """Take markers off the track once every player has reached (or, by the reading, passed) them.

        Rules: frame_markers.removal"""
        T = self.T
        everyone = -1  # the markers every player reached: the claimed bitmasks, and-ed
        for mask in self.claimed:
            everyone &= mask
        if not everyone:  # (the common case: no marker reached by all)
            return
        for m in range(len(T.frames)):
            if self.frame_gone[m] or not everyone >> m & 1:
                continue
            if T.frame_removal_passed and any(self.figure_pos(q) == self.frame_pos[m] for q in range(self.n)):
                continue
            self.frame_gone[m] = True

    def frame_targets(self, m: int) -> list[int]:
        """Spaces marker ``m`` may be moved back to (nearest first); one entry when there is no choice.

        It moves back the spec's number of spaces; a frame marker or ship figure in the way stops it in
        front of that space (or on it, by the ``on_occupied`` reading). Where the reading allows moving
        *up to* that many spaces, every distance from the minimum on is offered.

        Rules: frame_markers.move_back, frame_markers.blocking
        """
        T = self.T
        track = T.track_length
        occupied = set()  # ship figures (figure_pos, inlined) and the other markers still on the track
        for points in self.score:
            occupied.add(points % track)
        gone = self.frame_gone
        for k, at in enumerate(self.frame_pos):
            if k != m and not gone[k]:
                occupied.add(at)
        pos = self.frame_pos[m]
        lo = T.frame_min_space
        if T.frame_pass_occupied:
            # only the space it ends on matters: occupied spaces on the way are passed
            ends = [pos - d for d in range(T.frame_back_min, T.frame_back + 1) if pos - d >= lo]
            free = [e for e in ends if e not in occupied]
            if free:
                return free
            t = max(pos - T.frame_back, lo)
            while t < pos and t in occupied:  # the space in front of the occupied one
                t += 1
            return [t] if t < pos else []
        reachable: list[int] = []
        for step in range(1, T.frame_back + 1):
            nxt = pos - step
            if nxt < lo:
                break
            if nxt in occupied:
                if T.frame_blocking_on:
                    reachable.append(nxt)
                break
            reachable.append(nxt)
        if not reachable:
            return []
        allowed = reachable[T.frame_back_min - 1 :]
        return allowed if allowed else [reachable[-1]]

    def _frame_options(self, m: int) -> list[Action]:
        """What the marker ``m`` offers: the cards of its objective stack, the captains left, or the goods on the
        goods space.

        Rules: frame_markers.choose, frame_markers.captain, frame_markers.goods"""
        frame = self.T.frames[m]
        cards, captains, goods = self._frame_actions()
        if frame.reward == "objectives":
            return [cards[c] for c in self.objective_stacks[frame.stack]]
        if frame.reward == "captains":
            return [captains[c] for c in self.captain_pool]
        return [goods[g] for g in range(self.ng) if self.triangle_goods[g] > 0]

    def _frame_actions(self) -> tuple[list[Action], list[Action], list[Action]]:
        """The frame-marker rewards as actions, per objective card, captain and good (built once per configuration)."""
        found = self.T.cache.get("frame_actions")
        if found is None:
            T = self.T
            found = self.T.cache["frame_actions"] = (
                [self._act("frame", (("card", o.id),)) for o in T.objectives],
                [self._act("frame", (("captain", c.id),)) for c in T.captains],
                [self._act("frame", (("good", g),)) for g in T.goods],
            )
        return found

    def _take_frame(self, p: int, m: int, action: Action) -> None:
        """Give ``p`` the reward chosen at marker ``m`` (declined: nothing, where the reading allows it).

        Rules: frame_markers.choose, frame_markers.captain, frame_markers.goods, captains.cortes"""
        T = self.T
        frame = T.frames[m]
        if action.kind == "skip":  # declined (only offered where the reading makes the reward optional)
            return
        if frame.reward == "objectives":
            card = T.objective_index[action.get("card")]
            self.objective_stacks[frame.stack].remove(card)
            self.objectives[p].append(card)
        elif frame.reward == "captains":
            cap = T.captain_index[action.get("captain")]
            self.captain_pool.remove(cap)
            self.captains[p].append(cap)
            c = T.captains[cap]
            if c.immediate_goods:
                self.add_goods(p, c.immediate_goods)
        else:
            g = T.goods.index(action.get("good"))
            taken = min(T.frame_goods_taken, self.triangle_goods[g])
            self.triangle_goods[g] -= taken
            self.goods[p][g] += taken
