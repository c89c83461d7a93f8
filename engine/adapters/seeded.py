"""A game whose seed is dealt by chance nodes, then played one code at a time: what an OpenSpiel state plays.

:mod:`engine.adapters.openspiel` starts every game with :data:`SEED_NODES` chance nodes of
:data:`SEED_OUTCOMES` outcomes each, the bytes of the engine's seed; once they are dealt, a
:class:`~engine.adapters.stepper.Stepper` over the game that seed starts plays the codes. A :class:`SeededPlay`
keeps both phases and the player to move, and answers every question OpenSpiel asks on each step (who moves,
is it over, which actions are legal, play one) in compiled code. It knows nothing of ``pyspiel``: the ids of
the chance player and of "nobody: the game is over" are given to it.

**Why compiled, and why here.** pyspiel's C++ ``State::ApplyAction`` asks the Python state for the player to
move, then calls its ``_apply_action``: two calls back into Python a step, each through pybind11's look-up of
the Python override. A Python method there adds a bound method and an interpreted frame to each call; a method
of this compiled class, held by the state (:class:`engine.adapters.openspiel.RulespecState` explains how) does
not. OpenSpiel copies and reads back a state by giving a new one the history of actions without telling the
Python object (``Clone``, ``DeserializeState``), so a :class:`SeededPlay` replays that history, read through
the ``history`` callable it is given, the first time it is asked anything.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.adapters.stepper import OVER, Stepper

#: Chance nodes at the start of a game, one per byte of the engine's seed.
SEED_NODES = 4
SEED_OUTCOMES = 256


class SeededPlay:
    """The seed's chance nodes, then a stepper advanced one code per action; the player to move is kept."""

    __slots__ = ("_chance", "_history", "_other_legal", "_start", "_synced", "_terminal", "current", "seed_bytes", "stepper")

    def __init__(
        self,
        start: Callable[[int], Stepper],
        history: Callable[[], list[int]],
        other_legal: Callable[[int], list[int]],
        chance: int,
        terminal: int,
    ) -> None:
        """``start(seed)`` makes the stepper of the game ``seed`` deals; ``history()`` is the action history
        OpenSpiel holds for the state (replayed on first use); ``other_legal(player)`` answers ``legal_actions``
        for any other player than the one to move; ``chance`` and ``terminal`` are OpenSpiel's player ids."""
        self._start = start
        self._history = history
        self._other_legal = other_legal
        self._chance = chance
        self._terminal = terminal
        self.seed_bytes: list[int] = []  # the chance outcomes so far
        self.stepper: Stepper | None = None  # the engine, once the seed is dealt
        self.current = chance  # the player to move (once synced)
        self._synced = False  # whether OpenSpiel's history has been replayed into this object

    def sync(self) -> int:
        """Replay the history OpenSpiel holds (empty for a new state; the original's for a copy or a state read
        back), once. Returns the player to move."""
        if not self._synced:
            self._synced = True
            self.current = self._chance
            for action in self._history():
                self._play(action)
        return self.current

    def _play(self, action: int) -> None:
        stepper = self.stepper
        if stepper is not None:
            seat = stepper.play(action)
            self.current = seat if seat != OVER else self._terminal
            return
        if not 0 <= action < SEED_OUTCOMES:
            raise ValueError(f"chance outcome {action} is outside 0 … {SEED_OUTCOMES - 1}")
        self.seed_bytes.append(action)
        if len(self.seed_bytes) == SEED_NODES:
            seed = 0
            for byte in self.seed_bytes:
                seed = seed * SEED_OUTCOMES + byte
            self.stepper = stepper = self._start(seed)
            self.current = self._terminal if stepper.is_terminal() else stepper.current_player

    # -- what OpenSpiel asks on every step -------------------------------------------------------------------
    def current_player(self) -> int:
        return self.current if self._synced else self.sync()

    def is_terminal(self) -> bool:
        return (self.current if self._synced else self.sync()) == self._terminal

    def is_chance_node(self) -> bool:
        return (self.current if self._synced else self.sync()) == self._chance

    def is_player_node(self) -> bool:
        return (self.current if self._synced else self.sync()) >= 0

    def apply_action(self, action: int) -> None:
        """Play one action (a seed byte, then codes): OpenSpiel's ``_apply_action``."""
        if not self._synced:
            self.sync()
        self._play(action)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of the player to move (or of ``player``), as OpenSpiel's ``legal_actions``: the
        codes, the seed bytes in order at a chance node, none once the game is over; any other player's are
        ``other_legal``'s to answer."""
        current = self.current if self._synced else self.sync()
        if player is None or player == current:
            stepper = self.stepper
            if current >= 0 and stepper is not None:
                return stepper.legal_codes()
            if current == self._terminal:
                return []
            if current == self._chance:
                return list(range(SEED_OUTCOMES))
        return self._other_legal(current if player is None else player)


class PlayerToMove:
    """``play.current_player`` as a callable object, for the name pybind11 looks up on every step.

    pybind11 takes an attribute that is a C function (a compiled method, bound or not) for the base class's own
    C++ method and calls the pure virtual one instead (see :class:`engine.adapters.openspiel.RulespecState`),
    so the state cannot hold ``play.current_player`` itself. An instance of a compiled class with a
    ``__call__`` is not a C function, and Python and pybind11 call it through its vectorcall slot straight
    into compiled code, without the ``functools.partial`` and the bound method such a wrapper adds."""

    __slots__ = ("play",)

    def __init__(self, play: SeededPlay) -> None:
        self.play = play

    def __call__(self) -> int:
        return self.play.current_player()


class Terminal:
    """``play.is_terminal`` as a callable object (see :class:`PlayerToMove`)."""

    __slots__ = ("play",)

    def __init__(self, play: SeededPlay) -> None:
        self.play = play

    def __call__(self) -> bool:
        return self.play.is_terminal()


class ApplyAction:
    """``play.apply_action`` as a callable object (see :class:`PlayerToMove`): OpenSpiel's ``_apply_action``."""

    __slots__ = ("play",)

    def __init__(self, play: SeededPlay) -> None:
        self.play = play

    def __call__(self, action: int) -> None:
        self.play.apply_action(action)
