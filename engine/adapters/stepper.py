"""An engine state played one integer code at a time: the core the OpenSpiel and PettingZoo adapters share.

The engine poses a decision as a list of legal actions. The stepper encodes them (:mod:`engine.adapters.codes`)
and offers the distinct codes of their first step. When the chosen code leaves one legal action, that action
is played; when it leaves several (a ship that can be paid for in more than one way), the same player is asked
the next step among those, and so on. A decision therefore takes one step most of the time and a few when an
action's arguments are chosen in stages; the codes chosen so far are :attr:`Stepper.prefix`.

The options are the engine's legal actions, except right after an *opening entry* of the code table
(:attr:`ActionCodes.openers <engine.adapters.codes.ActionCodes.openers>`): Race to the New Found Land's
``play_card`` opens the choice of a 1x card, where the adapters offer the cards but not ``done``, which would
close the choice with nothing played and could be repeated forever.

**Forced decisions** (``skip_forced``, what both adapters use): a decision with one option left to offer (the
only card to play, ``done`` when nothing else is legal) is played by the stepper itself as soon as it is posed,
so a player is only asked when there is a choice; the engine's history still records it, and every seat's
observations show it. In a random 4-player game of Race to the New Found Land that is about 26 of 207 steps,
each of which cost a learning library's round trip (pyspiel's ``apply_action`` and its two calls back into
Python) for nothing to choose. The stepper a state is wrapped in then plays the forced decisions posed at once.

The engine's chance (shuffles, draws, dice) stays inside its state, drawn from the seed of its configuration,
so a stepper is rebuilt exactly from its configuration, its action history and its prefix (:meth:`to_json`,
:meth:`from_json`, :meth:`clone`).

**Cost.** This is the adapters' hot path, compiled with mypyc (:data:`engine.adapters.NATIVE_MODULES`). A
decision is listed once, however often its codes are asked for: one memo look-up per legal action
(:meth:`ActionCodes.encode_each <engine.adapters.codes.ActionCodes.encode_each>`, whose memo holds every action
met so far with all its codes), the first codes kept in the engine's order, and a code played by its position
there. ``benchmarks/bench_adapters.py`` measures it against the engine's own API.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from engine.adapters.codes import ActionCodes, action_codes
from engine.runtime.api import Action, GameConfig, State
from engine.runtime.registry import load_game

#: What :meth:`Stepper.play` returns once the game is over (no seat is to move).
OVER = -1


class IllegalCodeError(ValueError):
    """A code that is not among the legal codes of the step posed now."""


class Stepper:
    """A game in progress, advanced by codes."""

    __slots__ = (
        "_codes", "_distinct", "_drop", "_drops_after", "_firsts", "_found", "_legal", "_listed", "_open", "_openers",
        "_step", "codes", "prefix", "skip_forced", "state",
    )  # fmt: skip

    def __init__(self, state: State, codes: ActionCodes | None = None, skip_forced: bool = False) -> None:
        """``skip_forced``: play every decision with a single option as soon as it is posed (see the module
        docstring), starting with any posed now."""
        self.state = state
        self.codes = codes or action_codes(state.game.config.game)
        self.prefix: list[int] = []
        self._drops_after = self.codes.drops_after  # code of an opening entry → kinds left out of its choice
        self._openers: list[int] = sorted(self._drops_after)  # those codes (few: compared before any look-up)
        self._listed = False  # whether the options of the decision posed now are listed
        self._legal: list[Action] = []  # the options of the decision posed now (engine actions)
        self._found: list[tuple[int, ...]] = []  # all the codes of each option
        # the first code of each option: the code table's own int objects (see ``_list``)
        self._firsts: list[object] = []
        self._distinct = True  # whether the first codes tell every option apart (most decisions)
        self._codes: list[int] | None = None  # the distinct first codes in order, when some option is staged
        self._open: list[int] | None = None  # once a shared first code is chosen: the options it leaves
        self._step = 0  # the step of the codes posed now (the length of the prefix)
        self._drop: frozenset[str] | None = self._drop_after(state.history)
        self.skip_forced = skip_forced
        if skip_forced:
            self._play_forced()

    def _drop_after(self, history: list[Action]) -> frozenset[str] | None:
        """The kinds left out of the decision posed after ``history`` (None: leave nothing out)."""
        if not history:
            return None
        return self.codes.openers.get(history[-1][0])

    # -- the game ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def legal_codes(self) -> list[int]:
        """The codes legal at this step, ascending (empty once the game is over); a new list each call."""
        if not self._listed:
            self._list()
        pool = self._open
        if pool is None:
            codes = self._codes
            return list(codes) if codes is not None else _ascending(self._firsts)
        step, found = self._step, self._found
        return sorted({found[i][step] for i in pool})

    def options(self) -> list[Action]:
        """The engine actions the decision posed now offers (all of them, whatever the prefix has chosen)."""
        if not self._listed:
            self._list()
        return list(self._legal)

    def legal_actions(self) -> list[Action]:
        """The engine actions still open in the decision posed now (those the prefix leaves)."""
        if not self._listed:
            self._list()
        pool = self._open
        return list(self._legal) if pool is None else [self._legal[i] for i in pool]

    def apply(self, code: int) -> Action | None:
        """Play one step; return the engine action when it completes one, else ``None`` (another step follows)."""
        if not self._listed:
            self._list()
        if self._distinct and self._open is None:
            index = _position(self._firsts, code)
            if index < 0:
                raise IllegalCodeError(f"code {code} ({self._describe(code)}) is not legal now")
            action = self._legal[index]
        else:
            index = self._choose(code)
            if index < 0:
                return None
            action = self._legal[index]
            self.prefix = []
            self._open = None
        self.state.apply(action)
        self._listed = False
        self._drop = self._drops_after[code] if _among(self._openers, code) else None
        if self.skip_forced:
            self._play_forced()
        return action

    def _play_forced(self) -> None:
        """Play the decisions posed now while each has a single option (its listing is kept for the next
        question when it has more)."""
        state = self.state
        while not state.is_terminal():
            self._list()
            if len(self._legal) != 1:
                return
            code = cast(int, self._firsts[0])
            state.apply(self._legal[0])
            self._listed = False
            self._drop = self._drops_after[code] if _among(self._openers, code) else None

    def play(self, code: int) -> int:
        """:meth:`apply`, then the seat to move (:data:`OVER` once the game is over): what both adapters ask
        after every step, in one call from Python."""
        self.apply(code)
        state = self.state
        return OVER if state.is_terminal() else state.current_player

    def _list(self) -> None:
        """List the options of the decision posed now and their codes: one memo look-up per legal action."""
        legal = self.state.legal_actions()
        drop = self._drop
        if drop is not None:
            legal = [a for a in legal if a[0] not in drop]
        found_all = self.codes.encode_each(legal)
        # the first codes as the objects the memo's tuples hold: read as ints, each would be boxed again into a
        # new int object per option per step (the codes go past CPython's cache of small ints)
        firsts = [found[0] for found in cast(list[tuple[object, ...]], found_all)]
        staged = False
        for found in found_all:
            if len(found) > 1:
                staged = True
                break
        self._legal = legal
        self._found = found_all
        self._firsts = firsts
        if staged:  # options chosen in stages may share their first code: their codes are told apart once, here
            codes = _distinct_ascending(firsts)
            self._distinct = len(codes) == len(firsts)
            self._codes = codes
        else:
            self._distinct = True
            self._codes = None
        self._listed = True

    def _choose(self, code: int) -> int:
        """The option ``code`` leaves at this step, or -1 after posing the next step among several it leaves."""
        step, found = self._step, self._found
        pool = self._open
        if pool is None:
            matching = [i for i, first in enumerate(self._firsts) if cast(int, first) == code]
        else:
            matching = [i for i in pool if found[i][step] == code]
        if not matching:
            raise IllegalCodeError(f"code {code} ({self._describe(code)}) is not legal now")
        if len(matching) == 1:
            self._step = 0
            return matching[0]
        if step + 1 < len(found[matching[0]]):  # (options sharing a code are of one kind: as many steps)
            self.prefix.append(code)
            self._step = step + 1
            self._open = matching
            return -1
        legal = self._legal
        if any(legal[i] != legal[matching[0]] for i in matching):
            shared = [str(legal[i]) for i in matching]
            raise ValueError(f"{self.codes.source}: actions {shared} share the codes {found[matching[0]]}")
        self._step = 0
        return matching[0]

    def decode(self, codes: Sequence[int]) -> Action:
        """The option of the decision posed now that the code sequence ``codes`` chooses (its full codes, or the
        first steps of them that no other option shares); nothing is played."""
        encode = self.codes.encode
        wanted = tuple(codes)
        found = [a for a in self.options() if encode(a)[: len(wanted)] == wanted]
        if not found or any(a != found[0] for a in found):
            raise IllegalCodeError(f"codes {list(wanted)} choose {len(found)} legal actions, not one")
        return found[0]

    def steps_of(self, action: Action) -> list[int]:
        """The codes a player gives to choose ``action`` now: its codes, up to the first that tells it apart."""
        encode = self.codes.encode
        full = encode(action)
        others = [encode(a) for a in self.options() if a != action]
        for length in range(1, len(full) + 1):
            if all(other[:length] != full[:length] for other in others):
                return list(full[:length])
        return list(full)

    def describe(self, code: int) -> str:
        return self.codes.describe(code)

    def _describe(self, code: int) -> str:
        """``describe``, or why the code names nothing (for the message about an illegal code)."""
        try:
            return self.codes.describe(code)
        except ValueError as error:
            return str(error)

    # -- copies ----------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Configuration, engine history and the pending prefix: enough to rebuild this exact stepper."""
        data = self.state.to_json()
        data["prefix"] = list(self.prefix)
        data["skip_forced"] = self.skip_forced
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stepper:
        """Inverse of :meth:`to_json` (replays the history; the seed of the configuration redraws the same chance)."""
        config = GameConfig.from_json(data["config"])
        history = [Action.from_json(a) for a in data["history"]]
        skip_forced = data.get("skip_forced", False)
        if not isinstance(skip_forced, bool):
            raise ValueError(f"skip_forced is true or false, not {skip_forced!r}")
        return cls.replay(load_game(config).new_initial_state(), history, data.get("prefix", ()), skip_forced=skip_forced)

    @classmethod
    def replay(
        cls, state: State, history: list[Action], prefix: Any = (), codes: ActionCodes | None = None, skip_forced: bool = False
    ) -> Stepper:
        """A stepper over ``state`` after playing ``history`` on it, then the codes of ``prefix``."""
        apply = state.apply
        for action in history:
            apply(action)
        stepper = cls(state, codes, skip_forced)
        for code in prefix:
            stepper.apply(int(code))
        return stepper

    def clone(self) -> Stepper:
        """An independent copy: a fresh state of the same game replays this one's actions (the engine's states
        hold generators and seeded generators, which replaying reproduces exactly)."""
        state = self.state
        return Stepper.replay(state.game.new_initial_state(), state.history, self.prefix, self.codes, self.skip_forced)


def _among(codes: list[int], code: int) -> bool:
    """Whether ``code`` is one of ``codes`` (a short list: compared as machine integers, nothing is boxed)."""
    return any(listed == code for listed in codes)


def _position(codes: list[object], code: int) -> int:
    """Where ``code`` first is in ``codes``, or -1 (``list.index`` compares through Python's generic comparison)."""
    for i, listed in enumerate(codes):
        if cast(int, listed) == code:
            return i
    return -1


def _distinct_ascending(codes: list[object]) -> list[int]:
    """The distinct ``codes`` in ascending order, a new list. The options of one kind chosen in stages come
    grouped by their first code, mostly in order: a run of equal codes is kept once as it is read, and only
    when a code comes lower than the one before are the kept codes sorted and their repeats dropped (no set:
    hashing every code cost more than sorting the few that are left)."""
    out: list[object] = []
    previous = -1
    ordered = True
    for item in codes:
        code = cast(int, item)
        if code != previous:
            if code < previous:
                ordered = False
            out.append(item)
            previous = code
    if ordered:
        return cast(list[int], out)
    out.sort()
    distinct: list[object] = []
    previous = -1
    for item in out:
        code = cast(int, item)
        if code != previous:
            distinct.append(item)
            previous = code
    return cast(list[int], distinct)


def _ascending(codes: list[object]) -> list[int]:
    """``codes`` in ascending order, a new list: a copy when they already are (three decisions in four of Race
    to the New Found Land list their options in code order), else sorted."""
    previous = -1
    for item in codes:
        code = cast(int, item)
        if code < previous:
            return sorted(cast(list[int], codes))
        previous = code
    return cast(list[int], list(codes))


def win_loss_returns(state: State) -> list[float]:
    """Zero-sum returns of a finished game: the winners share +1, the others share -1 (0 each when all tie)."""
    n = state.game.num_players
    if not state.is_terminal():
        return [0.0] * n
    winners = set(state.winners())
    if not winners or len(winners) == n:
        return [0.0] * n
    win, loss = 1.0 / len(winners), -1.0 / (n - len(winners))
    return [win if p in winners else loss for p in range(n)]
