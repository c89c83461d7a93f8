"""Bots: programs that pick one of ``state.legal_actions()``.

The interface is game-agnostic: a :class:`Bot` sees a state and a private RNG and returns a legal action.
Every game gets :class:`RandomBot` for free; a game's engine package may add its own bots by exposing
``BOTS: dict[str, Callable[[], Bot]]`` (e.g. ``engine.race_to_the_new_found_land.BOTS["heuristic"]``).
:func:`make_bot` finds a bot by name for a game id without the runtime knowing any game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Final, Protocol

from engine.runtime.api import Action, State
from engine.runtime.chance import randbelow


class Bot(Protocol):
    """Chooses one legal action for the player to move."""

    name: str

    def choose(self, state: State, rng: random.Random) -> Action:
        """One of ``state.legal_actions()``; ``rng`` is the bot's own generator (never the game's)."""
        ...


#: (Final: the compiled runtime holds it in a C static instead of reading ``random.Random`` on every move.)
_RANDOM: Final = random.Random


class RandomBot:
    """Uniformly random over the legal actions: the baseline every other bot is measured against."""

    name = "random"

    def choose(self, state: State, rng: random.Random) -> Action:
        actions = state.legal_actions()
        n = len(actions)
        if type(rng) is not _RANDOM:  # a subclass may draw differently: let it
            return actions[randbelow(rng, n)]
        # randbelow inlined (the same draws as rng.randrange(n)): a random game asks this on every move
        getrandbits = rng.getrandbits
        k = n.bit_length()
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        return actions[r]


class FirstBot:
    """Always the first legal action: deterministic and fast, handy for smoke tests."""

    name = "first"

    def choose(self, state: State, rng: random.Random) -> Action:
        return state.legal_actions()[0]


#: Bots every game has.
GENERIC_BOTS: dict[str, Callable[[], Bot]] = {"random": RandomBot, "first": FirstBot}


class UnknownBotError(LookupError):
    """No bot of that name for that game."""


def bot_names(game_id: str) -> list[str]:
    """Names of the bots available for ``game_id`` (generic ones first)."""
    return [*GENERIC_BOTS, *[n for n in _game_bots(game_id) if n not in GENERIC_BOTS]]


def make_bot(name: str, game_id: str) -> Bot:
    """A fresh bot called ``name`` for ``game_id``: the game's own bots first, then the generic ones."""
    factory = _game_bots(game_id).get(name) or GENERIC_BOTS.get(name)
    if factory is None:
        raise UnknownBotError(f"no bot {name!r} for {game_id!r}; known: {', '.join(bot_names(game_id))}")
    return factory()


def _game_bots(game_id: str) -> dict[str, Callable[[], Bot]]:
    try:
        module = importlib.import_module(f"engine.{game_id}")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "BOTS", {}))


def seat_rngs(seed: int, seats: int) -> list[random.Random]:
    """Each seat's bot RNG for a game of ``seed``: the same draws whoever plays the game, whatever else watches."""
    return [random.Random(seed * 1_000_003 + seat * 7919 + 1) for seat in range(seats)]


def play_game(state: State, bots: list[Bot], seed: int) -> State:
    """Play ``state`` to the end with one bot per seat; each bot's RNG derives from ``seed`` and its seat."""
    rngs = seat_rngs(seed, len(bots))
    seats = [(bot.choose, rng) for bot, rng in zip(bots, rngs, strict=True)]  # bound once, not per move
    is_terminal, apply = state.is_terminal, state.apply
    while not is_terminal():
        choose, rng = seats[state.current_player]
        apply(choose(state, rng))
    return state


def play_game_observed(state: State, bots: list[Bot], seed: int, observe: Callable[[State, Action], None]) -> State:
    """:func:`play_game`, calling ``observe(state, action)`` before every move: the same moves, the same game."""
    rngs = seat_rngs(seed, len(bots))
    seats = [(bot.choose, rng) for bot, rng in zip(bots, rngs, strict=True)]
    is_terminal, apply = state.is_terminal, state.apply
    while not is_terminal():
        choose, rng = seats[state.current_player]
        action = choose(state, rng)
        observe(state, action)
        apply(action)
    return state
