"""An engine state played one integer code at a time: the core the OpenSpiel and PettingZoo adapters share.

The engine poses a decision as a list of legal actions. The stepper encodes them (:mod:`engine.adapters.codes`)
and offers the distinct codes of their first step. When the chosen code leaves one legal action, that action
is played; when it leaves several (a ship that can be paid for in more than one way), the same player is asked
the next step among those, and so on. A decision therefore takes one step most of the time and a few when an
action's arguments are chosen in stages; the codes chosen so far are :attr:`Stepper.prefix`.

The engine's chance (shuffles, draws, dice) stays inside its state, drawn from the seed of its configuration,
so a stepper is rebuilt exactly from its configuration, its action history and its prefix (:meth:`to_json`,
:meth:`from_json`, :meth:`clone`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from engine.adapters.codes import ActionCodes, action_codes
from engine.runtime.api import Action, GameConfig, State
from engine.runtime.registry import load_game


class IllegalCodeError(ValueError):
    """A code that is not among the legal codes of the step posed now."""


class Stepper:
    """A game in progress, advanced by codes."""

    __slots__ = (
        "_enc", "_firsts", "_groups", "_legal", "_listed", "_options", "_simple", "_step", "codes", "prefix",
        "state",
    )  # fmt: skip

    def __init__(self, state: State, codes: ActionCodes | None = None) -> None:
        self.state = state
        self.codes = codes or action_codes(state.game.config.game)
        self.prefix: list[int] = []
        self._listed = False  # whether the options of the step posed now are listed
        self._legal: list[Action] = []  # the engine's legal actions of the decision posed now
        self._firsts = self.codes.first_codes  # action → its first code (inverted when more steps follow)
        # the common case, every legal action chosen in one step: their codes, position by position
        self._simple: list[int] | None = None
        # otherwise: code of this step → index of the one action it leaves, or -1 - k for group k of several
        self._options: dict[int, int] = {}
        self._groups: list[list[int]] = []
        self._enc: list[tuple[int, ...]] = []  # every step's code of each legal action (only in that case)
        self._step = 0

    # -- the game ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self.state.current_player

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def legal_codes(self) -> list[int]:
        """The codes legal at this step, ascending (empty once the game is over)."""
        if not self._listed:
            self._list()
        simple = self._simple
        return sorted(simple if simple is not None else self._options)

    def legal_actions(self) -> list[Action]:
        """The engine actions still open in the decision posed now (those the prefix leaves)."""
        if not self._listed:
            self._list()
        if self._simple is not None:
            return list(self._legal)
        out = []
        for index in self._options.values():
            out.extend([self._legal[index]] if index >= 0 else [self._legal[i] for i in self._groups[-1 - index]])
        return out

    def apply(self, code: int) -> Action | None:
        """Play one step; return the engine action when it completes one, else ``None`` (another step follows)."""
        if not self._listed:
            self._list()
        simple = self._simple
        if simple is not None:
            try:
                action = self._legal[simple.index(code)]
            except ValueError:
                raise IllegalCodeError(f"code {code} ({self.describe(code)}) is not legal now") from None
        else:
            index = self._options.get(code)
            if index is None:
                raise IllegalCodeError(f"code {code} ({self.describe(code)}) is not legal now")
            if index < 0:
                group = self._groups[-1 - index]
                if self._narrow(code, group):
                    return None
                index = group[0]
            action = self._legal[index]
            if self.prefix:
                self.prefix = []
        self.state.apply(action)
        self._listed = False
        return action

    def _list(self) -> None:
        """List the options of the decision posed now: its legal actions and the codes of their first step.

        The hot path of the adapters. The first codes are read from a memo in one C-level pass; when every
        action is chosen in one step (most decisions) they are distinct and kept as a plain list."""
        legal = self._legal = self.state.legal_actions()
        try:
            firsts = list(map(self._firsts.__getitem__, legal))
        except KeyError:  # an action not met before (or the memo was just dropped): encode each
            first_code = self.codes.first_code
            firsts = [first_code(a) for a in legal]
        self._listed = True
        self._step = 0
        if not firsts or min(firsts) >= 0:
            self._simple = firsts
            return
        firsts = [code if code >= 0 else ~code for code in firsts]
        if len(set(firsts)) == len(firsts):  # a first step that tells every action apart ends the decision
            self._simple = firsts
            return
        self._simple = None
        encode = self.codes.encode
        self._enc = enc = [encode(a) for a in legal]
        self._options, self._groups = self._grouped((codes[0], i) for i, codes in enumerate(enc))

    @staticmethod
    def _grouped(pairs: Iterable[tuple[int, int]]) -> tuple[dict[int, int], list[list[int]]]:
        """Options from ``(code, action index)`` pairs where some codes repeat: repeated ones become groups."""
        by_code: dict[int, list[int]] = {}
        for code, i in pairs:
            by_code.setdefault(code, []).append(i)
        options: dict[int, int] = {}
        groups: list[list[int]] = []
        for code, indices in by_code.items():
            if len(indices) == 1:
                options[code] = indices[0]
            else:
                options[code] = -1 - len(groups)
                groups.append(indices)
        return options, groups

    def _narrow(self, code: int, indices: list[int]) -> bool:
        """After choosing ``code``, which several actions share: pose their next step (``True``), or, when they
        have no further step, check that they are one action listed twice (``False``: play it)."""
        enc = self._enc
        step = self._step + 1
        if step < len(enc[indices[0]]):
            self.prefix.append(code)
            self._step = step
            self._options, self._groups = self._grouped((enc[i][step], i) for i in indices)
            return True
        legal = self._legal
        if any(legal[i] != legal[indices[0]] for i in indices):
            raise ValueError(f"{self.codes.source}: actions {[str(legal[i]) for i in indices]} share the codes {enc[indices[0]]}")
        return False

    def decode(self, codes: Sequence[int]) -> Action:
        """The legal action of the decision posed now that the code sequence ``codes`` chooses (its full codes,
        or the first steps of them that no other legal action shares); nothing is played."""
        encode = self.codes.encode
        wanted = tuple(codes)
        found = [a for a in self.state.legal_actions() if encode(a)[: len(wanted)] == wanted]
        if not found or any(a != found[0] for a in found):
            raise IllegalCodeError(f"codes {list(wanted)} choose {len(found)} legal actions, not one")
        return found[0]

    def steps_of(self, action: Action) -> list[int]:
        """The codes a player gives to choose ``action`` now: its codes, up to the first that tells it apart."""
        encode = self.codes.encode
        full = encode(action)
        others = [encode(a) for a in self.state.legal_actions() if a != action]
        for length in range(1, len(full) + 1):
            if all(other[:length] != full[:length] for other in others):
                return list(full[:length])
        return list(full)

    def actors(self) -> list[int]:
        """The seat that played each engine action so far (found by replaying the history: asked rarely, it costs
        the play loop nothing)."""
        state = self.state
        replay = state.game.new_initial_state()
        seats = []
        for action in state.history:
            seats.append(replay.current_player)
            replay.apply(action)
        return seats

    def describe(self, code: int) -> str:
        return self.codes.describe(code)

    # -- copies ----------------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """Configuration, engine history and the pending prefix: enough to rebuild this exact stepper."""
        data = self.state.to_json()
        data["prefix"] = list(self.prefix)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Stepper:
        """Inverse of :meth:`to_json` (replays the history; the seed of the configuration redraws the same chance)."""
        config = GameConfig.from_json(data["config"])
        history = [Action.from_json(a) for a in data["history"]]
        return cls.replay(load_game(config).new_initial_state(), history, data.get("prefix", ()))

    @classmethod
    def replay(cls, state: State, history: list[Action], prefix: Any = (), codes: ActionCodes | None = None) -> Stepper:
        """A stepper over ``state`` after playing ``history`` on it, then the codes of ``prefix``."""
        stepper = cls(state, codes)
        apply = state.apply
        for action in history:
            apply(action)
        for code in prefix:
            stepper.apply(int(code))
        return stepper

    def clone(self) -> Stepper:
        """An independent copy: a fresh state of the same game replays this one's actions (the engine's states
        hold generators and seeded generators, which replaying reproduces exactly)."""
        state = self.state
        return Stepper.replay(state.game.new_initial_state(), state.history, self.prefix, self.codes)


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
