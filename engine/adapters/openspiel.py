"""The reference engines as OpenSpiel games: ``python_race_to_the_new_found_land``, ``python_francis_drake``.

Importing this module registers one game per adapted engine with ``pyspiel.register_game``; then::

    import pyspiel, engine.adapters.openspiel  # noqa: F401 (registers the games)
    game = pyspiel.load_game("python_race_to_the_new_found_land", {"players": 4, "edition": "en-zman"})

**Parameters**: ``players``; ``edition`` (whose readings of the disputed rules the game plays by; the spec's
default edition unless given); one ``ruling_<id>`` per ruling, to play one reading against the edition's
(``ruling_new_england_points=settler_value``; ``edition`` keeps the edition's reading); ``ask_forced``
(default ``False``; ``True`` makes a decision with a single option a node like any other, see below).

**Actions** are the codes of :mod:`engine.adapters.codes`: ``num_distinct_actions`` is the code table's size
``N``. A decision whose actions are chosen in stages (a ship, then how to pay for it) takes several OpenSpiel
actions by the same player; ``action_to_string`` names each code. A decision with a single option is played
without asking (``Stepper(skip_forced=True)``): it is in the engine's history, not in OpenSpiel's. With
``ask_forced=True`` it is asked like any other (every engine decision is an OpenSpiel node, at the cost of
about one step in eight more).

**Chance: explicit, at the start.** The engines draw every shuffle, card and die roll from one seeded
generator inside the state, at the moment the rules call for it, often in the middle of resolving a player's
action (a load draws cards, an empty stack is reshuffled, the Tavern rolls a die). The game begins with
:data:`SEED_NODES` chance nodes of 256 equally likely outcomes each, the bytes of the engine's seed; that seed
then fixes every draw of the game, as a deck shuffled face down before play fixes every card to come. No player
observes those outcomes, so the information structure is the game's own. Not ``SAMPLED_STOCHASTIC``: OpenSpiel
serialises a sampled-stochastic game together with the game's generator state, which a Python game cannot
provide (``GetRNGState`` is unimplemented for Python games), so ``random_sim_test`` with serialisation could
not pass. Not one chance node per draw: that would mean pausing the engine inside an action, changing what it
plays. With the seed as chance outcomes, ``clone``, ``serialize`` and ``deserialize_state`` replay exactly, and
:meth:`RulespecGame.new_initial_state_for_seed` starts the game ``GameConfig(seed=…)`` plays.

**Information: imperfect.** ``observation_string`` / ``observation_tensor`` and
``information_state_string`` show each seat what the engine lets it see (:mod:`engine.adapters.observing`).
The OpenSpiel MCTS bot searches the true state, as it does in any game it is given: it sees stack orders and
the others' hidden cards, which a fair imperfect-information agent would not.

**Returns** are zero-sum win/loss at the end: the winners share +1, the others share -1.

**Serialisation: the parameters and the action history, never a pickle of ours.** OpenSpiel copies
(``clone``) and serialises a Python game's state through its ``__dict__``: ``clone`` deep-copies it, and
``serialize_game_and_state`` writes the game string, the action history and a base64 pickle of it, which
``deserialize_game_and_state`` unpickles (``python/pybind11/python_games.cc``). A :class:`RulespecState` has no
``__dict__`` (its fields are slots), so what OpenSpiel writes is the game string, the history and the pickle of
an empty dict, which is OpenSpiel's own convention for its games; a copy or a state read back replays the
history on first use (:meth:`engine.adapters.seeded.SeededPlay.sync`). OpenSpiel's reader still unpickles
whatever that last line holds, before any code of ours runs: **never give ``pyspiel.deserialize_game_and_state``
a string you did not write.** :func:`deserialize_game_and_state` here reads the same format without unpickling
anything: it refuses any last line but the empty dict's, and replays the history, checking each action against
the legal ones.
"""

from __future__ import annotations

import json
import re
import weakref
from collections.abc import Callable
from functools import cache, partial
from typing import Any

import numpy as np
import pyspiel

from engine.adapters.observing import Recall, information_state_string, observation_string, observation_tensor
from engine.adapters.profile import GameProfile, adapted_games, game_profile
from engine.adapters.seeded import SEED_NODES, SEED_OUTCOMES, ApplyAction, PlayerToMove, SeededPlay, Terminal
from engine.adapters.stepper import Stepper, win_loss_returns
from engine.runtime.api import GameConfig
from engine.runtime.registry import load_game

#: Every chance node's outcomes: the 256 values of a byte, equally likely.
SEED_CHANCE_OUTCOMES: list[tuple[int, float]] = [(byte, 1.0 / SEED_OUTCOMES) for byte in range(SEED_OUTCOMES)]
#: OpenSpiel's ids of the chance player and of "nobody: the game is over", as plain ints.
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: A ruling parameter left at this value plays the edition's reading.
EDITION_READING = "edition"
RULING_PREFIX = "ruling_"
#: The parameter that makes a decision with a single option an OpenSpiel node instead of playing it at once.
ASK_FORCED = "ask_forced"


def short_name(game_id: str) -> str:
    return f"python_{game_id}"


def game_type(profile: GameProfile) -> pyspiel.GameType:
    """The OpenSpiel game type of one engine (explicit chance, imperfect information, zero-sum)."""
    parameters: dict[str, Any] = {
        "players": profile.players_max,
        "edition": profile.default_edition,
        ASK_FORCED: False,
        **{RULING_PREFIX + ruling: EDITION_READING for ruling in profile.rulings},
    }
    return pyspiel.GameType(
        short_name=short_name(profile.game_id),
        long_name=f"Python {profile.title} (rulespec)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=profile.players_max,
        min_num_players=profile.players_min,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def engine_config(profile: GameProfile, params: dict[str, Any], seed: int = 0) -> GameConfig:
    """The engine configuration the OpenSpiel parameters ask for (unknown editions or readings raise)."""
    edition = str(params.get("edition", profile.default_edition))
    if edition not in profile.editions:
        raise ValueError(f"{profile.game_id}: no edition {edition!r}; known: {', '.join(profile.editions)}")
    rulings = {}
    for ruling, readings in profile.rulings.items():
        reading = str(params.get(RULING_PREFIX + ruling, EDITION_READING))
        if reading == EDITION_READING:
            continue
        if reading not in readings:
            raise ValueError(f"{profile.game_id}: ruling {ruling!r} has no reading {reading!r}; known: {', '.join(readings)}")
        rulings[ruling] = reading
    unknown = sorted(k for k in params if k.startswith(RULING_PREFIX) and k[len(RULING_PREFIX) :] not in profile.rulings)
    if unknown:
        raise ValueError(f"{profile.game_id}: unknown parameter(s) {', '.join(unknown)}")
    return GameConfig(game=profile.game_id, players=int(params["players"]), seed=seed, edition=edition, rulings=rulings)


class RulespecGame(pyspiel.Game):
    """One engine configuration as an OpenSpiel game (one subclass per game sets :attr:`PROFILE`)."""

    PROFILE: GameProfile

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        profile = self.profile = self.PROFILE
        params = dict(params or {})
        params.setdefault("players", profile.players_max)
        self.config = engine_config(profile, params)
        self.skip_forced = not bool(params.get(ASK_FORCED, False))
        engine_game = load_game(self.config)  # checks the player count and the rulings
        info = pyspiel.GameInfo(
            num_distinct_actions=profile.codes.size,
            max_chance_outcomes=SEED_OUTCOMES,
            num_players=self.config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=profile.max_decisions(engine_game) * profile.codes.max_steps,
        )
        super().__init__(game_type(profile), info, params)

    def new_initial_state(self) -> RulespecState:
        """A new game at its first chance node (the engine's seed is dealt byte by byte)."""
        return RulespecState(self)

    def new_initial_state_for_seed(self, seed: int) -> RulespecState:
        """A new game past its chance nodes, dealt with engine seed ``seed`` (``0 <= seed < 256**SEED_NODES``):
        the same game as ``GameConfig(seed=seed)``."""
        if not 0 <= seed < SEED_OUTCOMES**SEED_NODES:
            raise ValueError(f"seed {seed} is outside 0 … {SEED_OUTCOMES**SEED_NODES - 1}")
        state = RulespecState(self)
        for node in reversed(range(SEED_NODES)):
            state.apply_action(seed // SEED_OUTCOMES**node % SEED_OUTCOMES)
        return state

    def _stepper(self, seed: int) -> Stepper:
        config = GameConfig(**{**self.config.__dict__, "seed": seed})
        return Stepper(load_game(config).new_initial_state(), self.profile.codes, skip_forced=self.skip_forced)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> RulespecObserver:
        return RulespecObserver(self.profile, iig_obs_type, params)


class RulespecState(pyspiel.State):
    """A game in progress: the seed's chance nodes, then an engine state advanced one code per action
    (:class:`engine.adapters.seeded.SeededPlay`, compiled, which also keeps the player to move).

    Every field is a slot, so OpenSpiel's ``clone`` and serialisation, which go through ``__dict__``, carry
    only the action history that OpenSpiel keeps itself; a state made that way replays it when first used.

    **Cost: the questions of every step are answered in compiled code.** ``current_player``, ``is_terminal``,
    ``is_chance_node``, ``is_player_node``, ``legal_actions`` and ``_apply_action`` are not methods of this class
    but slots holding the :class:`~engine.adapters.seeded.SeededPlay`'s own methods, so a Python caller calls
    compiled code directly, and so does pyspiel's C++: its ``apply_action`` asks for the player to move, then
    calls ``_apply_action`` (two calls back into Python a step, the least it allows: it keeps the history), and
    each call finds its Python override with pybind11's ``get_override``, which takes an attribute it finds to
    be a C function (``PyCFunction``, as a compiled method is) for the base class's own C++ method, remembers
    that for the class, and calls the pure virtual one instead. The names pyspiel looks up therefore hold
    instances of small compiled classes with a ``__call__`` (:class:`~engine.adapters.seeded.PlayerToMove`,
    :class:`~engine.adapters.seeded.Terminal`, :class:`~engine.adapters.seeded.ApplyAction`), which pybind11
    calls as any Python callable, through their vectorcall slot straight into compiled code (a
    ``functools.partial`` over the compiled method did the same through two more calls). The compiled object holds no reference to
    this state (only a weak one, to read OpenSpiel's history), so states are freed as soon as they are dropped,
    without waiting for the garbage collector."""

    __slots__ = (
        "_apply_action", "_play", "_recalls", "current_player", "is_chance_node", "is_player_node", "is_terminal",
        "legal_actions",
    )  # fmt: skip

    def __init__(self, game: RulespecGame) -> None:
        super().__init__(game)
        self._recalls: dict[int, Recall] = {}  # what each seat has seen, built when its information state is asked
        this = weakref.ref(self)
        play = self._play = SeededPlay(game._stepper, partial(_history, this), partial(_other_legal, this), CHANCE, TERMINAL)
        # pybind11 looks these names up for pyspiel's C++: callables it does not take for C functions (see above)
        self.current_player: Callable[[], int] = PlayerToMove(play)
        self.is_terminal: Callable[[], bool] = Terminal(play)
        self._apply_action: Callable[[int], None] = ApplyAction(play)
        # only Python calls these: the compiled methods themselves
        self.is_chance_node: Callable[[], bool] = play.is_chance_node
        self.is_player_node: Callable[[], bool] = play.is_player_node
        self.legal_actions: Callable[..., list[int]] = play.legal_actions

    @property
    def stepper(self) -> Stepper:
        """The engine behind this state, advanced by codes (read it; play through ``apply_action``)."""
        play = self._play
        play.sync()
        stepper = play.stepper
        if stepper is None:
            raise RuntimeError("the game has not started: its seed is still being dealt (a chance node)")
        return stepper

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(SEED_CHANCE_OUTCOMES)

    def _legal_actions(self, player: int) -> list[int]:
        return self.stepper.legal_codes()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"seed byte: {action}"
        return self.stepper.codes.describe(int(action))

    def returns(self) -> list[float]:
        if self.dealing():
            return [0.0] * self.num_players()
        return win_loss_returns(self.stepper.state)

    def engine_state(self) -> Any:
        """The engine state (:class:`engine.runtime.api.State`) behind this one: read it, do not apply to it."""
        return self.stepper.state

    def dealing(self) -> bool:
        """Whether the seed is still being dealt (the chance nodes at the start)."""
        play = self._play
        play.sync()
        return play.stepper is None

    def information_state(self, player: int) -> str:
        """``player``'s information state string (:func:`engine.adapters.observing.information_state_string`)."""
        return information_state_string(self.stepper, player, self._recalls)

    def __str__(self) -> str:
        play = self._play
        play.sync()
        stepper = play.stepper
        if stepper is None:
            return json.dumps({"seed_bytes": play.seed_bytes})
        data = {"state": stepper.state.fingerprint(), "choosing": [stepper.describe(c) for c in stepper.prefix]}
        return json.dumps(data, sort_keys=True, default=str)


def _history(state: weakref.ref[RulespecState]) -> list[int]:
    """The action history OpenSpiel holds for ``state`` (empty once the state is gone)."""
    alive = state()
    return [] if alive is None else [int(action) for action in alive.history()]


def _other_legal(state: weakref.ref[RulespecState], player: int) -> list[int]:
    """pyspiel's own answer to ``legal_actions(player)`` for a player not to move (none; an error for a
    pseudo-player)."""
    alive = state()
    return [] if alive is None else list(pyspiel.State.legal_actions(alive, player))


class RulespecObserver:
    """OpenSpiel's Python observer: the observation tensor and string, or the information-state string."""

    def __init__(self, profile: GameProfile, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not obs_type.public_info:
            raise ValueError("only a player's own view (public and private information) is provided")
        self.profile = profile
        self.perfect_recall = bool(obs_type.perfect_recall)
        self.tensor: np.ndarray | None
        if self.perfect_recall:  # the information state comes as a string only
            self.tensor, self.dict = None, {}
        else:
            self.tensor, self.dict = profile.layout.new()

    def set_from(self, state: RulespecState, player: int) -> None:
        if self.tensor is None:
            return
        if state.dealing():  # the seed is being dealt: nothing to see yet
            self.tensor.fill(0)
            return
        observation_tensor(state.stepper, player, self.profile, self.tensor)

    def string_from(self, state: RulespecState, player: int) -> str:
        if state.dealing():  # the chance outcomes are nobody's to see
            return json.dumps({"player": player, "dealing": True})
        if self.perfect_recall:
            return state.information_state(player)
        return observation_string(state.stepper, player)


def _register(game_id: str) -> type[RulespecGame]:
    """Register ``python_<game_id>``. OpenSpiel calls the class registered with the parameters, as for its own
    Python games (a class rather than a closure: pyspiel releases what it was given only after Python has shut
    down, and a class, unlike a function, is never freed then)."""
    name = "".join(part.title() for part in game_id.split("_")) + "Game"
    cls = type(name, (RulespecGame,), {"PROFILE": game_profile(game_id), "__module__": __name__})
    pyspiel.register_game(game_type(cls.PROFILE), cls)
    return cls


#: The registered game classes, by game id.
GAMES: dict[str, type[RulespecGame]] = {
    game_id: _register(game_id) for game_id in adapted_games() if short_name(game_id) not in pyspiel.registered_names()
}

#: Most characters :func:`deserialize_game_and_state` reads (a whole game's history takes a few kilobytes).
SERIALIZED_LIMIT = 1_000_000
#: The sections of OpenSpiel's serialised game and state, in order.
SECTIONS = ("[Meta]", "[Game]", "[State]")
#: The fields of a Python state's section, in order, as OpenSpiel writes them.
STATE_FIELDS = ("history", "move_number", "__dict__")
_NUMBER = re.compile(r"-?[0-9]{1,9}")


class SerializedStateError(ValueError):
    """A serialised game and state that :func:`deserialize_game_and_state` does not read (the message says why)."""


def serialize_game_and_state(game: RulespecGame, state: RulespecState) -> str:
    """OpenSpiel's own ``serialize_game_and_state``: the game string, the action history, and the (empty)
    ``__dict__`` of the state; :func:`deserialize_game_and_state` reads it back."""
    return str(pyspiel.serialize_game_and_state(game, state))


@cache
def _empty_dict_line() -> str:
    """The ``__dict__=`` line OpenSpiel writes for a state of ours: its encoding of an empty dict (found by
    serialising a new state, so nothing here encodes or decodes a pickle)."""
    game = pyspiel.load_game(short_name(adapted_games()[0]))
    text = str(pyspiel.serialize_game_and_state(game, game.new_initial_state()))
    return next(line for line in text.split("\n") if line.startswith("__dict__="))


def deserialize_game_and_state(text: str) -> tuple[RulespecGame, RulespecState]:
    """Read a rulespec game and state serialised by OpenSpiel, safely: nothing is unpickled.

    The text is OpenSpiel's format: sections ``[Meta]`` (``Version: 1``), ``[Game]`` (the game string, which
    must name a rulespec game) and ``[State]`` (``history=player:action,…``, ``move_number=N``, ``__dict__=…``).
    The last line must be the empty dict every state of ours has; anything else is refused, since OpenSpiel
    would unpickle it. The history is replayed from a new state, each action checked against the legal ones
    of the player to move. Raises :class:`SerializedStateError` naming the line and what is wrong."""
    if not isinstance(text, str):
        raise SerializedStateError(f"a serialised state is text, not {type(text).__name__}")
    if len(text) > SERIALIZED_LIMIT:
        raise SerializedStateError(f"{len(text):,} characters: more than the {SERIALIZED_LIMIT:,} a game takes")
    sections: dict[str, list[tuple[int, str]]] = {name: [] for name in SECTIONS}
    current: list[tuple[int, str]] | None = None
    for number, line in enumerate(text.split("\n"), 1):
        if not line or line.startswith("#"):
            continue
        if line in sections:
            current = sections[line]
        elif current is None:
            raise SerializedStateError(f"line {number}: {line[:60]!r} comes before any section ({', '.join(SECTIONS)})")
        else:
            current.append((number, line))
    if [line for _, line in sections["[Meta]"]] != ["Version: 1"]:
        raise SerializedStateError("[Meta] must hold the one line 'Version: 1'")
    if len(sections["[Game]"]) != 1:
        raise SerializedStateError(f"[Game] must hold one line (the game string), not {len(sections['[Game]'])}")
    number, game_string = sections["[Game]"][0]
    ours = {short_name(game_id) for game_id in adapted_games()}
    if game_string.split("(", 1)[0] not in ours:
        raise SerializedStateError(f"line {number}: {game_string[:60]!r} is not a rulespec game ({', '.join(sorted(ours))})")
    try:
        game = pyspiel.load_game(game_string)
    except (ValueError, RuntimeError) as error:  # pyspiel.SpielError is a RuntimeError
        raise SerializedStateError(f"line {number}: {error}") from None
    fields = _state_fields(sections["[State]"])
    if fields["__dict__"] != _empty_dict_line():
        raise SerializedStateError(
            "the state's __dict__ line is not the empty one rulespec's states have: refused (OpenSpiel would unpickle it)"
        )
    entries = fields["history"][len("history=") :].split(",") if fields["history"] != "history=" else []
    if len(entries) > SEED_NODES + game.max_game_length():
        raise SerializedStateError(f"{len(entries)} actions: more than a game of {game} can have")
    state = game.new_initial_state()
    for index, entry in enumerate(entries, 1):
        player_text, _, action_text = entry.partition(":")
        if not (_NUMBER.fullmatch(player_text) and _NUMBER.fullmatch(action_text)):
            raise SerializedStateError(f"history entry {index}: {entry[:40]!r} is not player:action")
        player, action = int(player_text), int(action_text)
        to_move = state.current_player()
        if player != to_move:
            raise SerializedStateError(f"history entry {index}: player {player} is not the one to move ({to_move})")
        if action not in state.legal_actions():
            raise SerializedStateError(f"history entry {index}: action {action} is not legal there")
        state.apply_action(action)
    move_number = fields["move_number"][len("move_number=") :]
    if not _NUMBER.fullmatch(move_number) or int(move_number) != len(entries):
        raise SerializedStateError(f"move_number={move_number[:20]} does not match the {len(entries)} actions of the history")
    return game, state


def _state_fields(lines: list[tuple[int, str]]) -> dict[str, str]:
    """The ``[State]`` section's lines by field (each line kept whole), checked to be OpenSpiel's three."""
    names = [line.partition("=")[0] for _, line in lines]
    if names != list(STATE_FIELDS):
        raise SerializedStateError(f"[State] must hold the lines {', '.join(f + '=…' for f in STATE_FIELDS)}, in order")
    return {name: line for name, (_, line) in zip(names, lines, strict=True)}
