"""The standard game API every generated engine implements.

Modelled on OpenSpiel's Python games: an immutable :class:`Game` (configuration and derived tables)
creates mutable :class:`State` objects. A state knows whose turn it is, lists its legal actions as a finite
list, and advances with :meth:`State.apply`. Chance (shuffles, dice) is resolved inside the state from a
seeded RNG that the state owns, so a game is fully determined by its configuration and its action history —
which is also how it serialises (``to_json``/``from_json`` replay the history).

Example::

    from engine.runtime import GameConfig, load_game
    game = load_game(GameConfig(game="race_to_the_new_found_land", players=3, seed=7))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    print(state.scores(), state.winners())
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, ClassVar

#: `current_player` of a finished game.
TERMINAL = -1
#: Seeds are 64-bit: larger ones only slow the generator down (a log could hold one of thousands of digits).
MAX_SEED = 2**64


class IllegalActionError(ValueError):
    """Raised by :meth:`State.apply` for an action that is not legal now; the state is left unchanged."""


class Action(tuple):  # type: ignore[type-arg]
    """One move. ``kind`` names the move (``load``, ``settle`` …); ``args`` are its choices.

    Actions compare and hash by value; ``str(action)`` is the stable text form
    (``settle:nova_scotia.3:bonus=wood``) and :meth:`to_json` the stable JSON form.

    An action is the pair ``(kind, args)`` stored as a tuple: building one is a single C call (a frozen
    dataclass's ``__init__`` goes through ``object.__setattr__`` per field), and equality and hashing run in C
    — legality checks and memo look-ups compare actions on every move of every game.
    """

    __slots__ = ()

    def __new__(cls, kind: str, args: tuple[tuple[str, Any], ...] = ()) -> Action:
        return tuple.__new__(cls, (kind, args))

    #: The move's name.
    kind: str = property(itemgetter(0))  # type: ignore[assignment]
    #: Its choices as ``(name, value)`` pairs, in a stable order.
    args: tuple[tuple[str, Any], ...] = property(itemgetter(1))  # type: ignore[assignment]

    def __getnewargs__(self) -> tuple[str, tuple[tuple[str, Any], ...]]:  # type: ignore[override]
        return tuple(self)  # type: ignore[return-value]  # pickling rebuilds through __new__(kind, args)

    def __repr__(self) -> str:
        return f"Action(kind={self[0]!r}, args={self[1]!r})"

    def __str__(self) -> str:
        kind, args = self
        if not args:
            return kind
        return kind + ":" + ",".join(f"{k}={_fmt(v)}" for k, v in args)

    def get(self, name: str, default: Any = None) -> Any:
        """The value of choice ``name``."""
        for key, value in self[1]:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """``{"kind": ..., "args": {...}}`` with tuples as lists."""
        return {"kind": self[0], "args": {k: _jsonable(v) for k, v in self[1]}}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Inverse of :meth:`to_json`. Anything but ``{"kind": text, "args": {name: value}}`` with JSON scalars
        or lists as values raises ``ValueError`` saying what is wrong (a log is untrusted input)."""
        if not isinstance(data, dict):
            raise ValueError(f"an action is an object {{\"kind\": …, \"args\": {{…}}}}, not {_json_type(data)}")
        unknown = sorted(set(data) - {"kind", "args"})
        if unknown:
            raise ValueError(f"unknown field(s) in an action: {', '.join(map(str, unknown))}")
        kind, args = data.get("kind"), data.get("args", {})
        if not isinstance(kind, str):
            raise ValueError(f"an action's kind is text, not {_json_type(kind)}")
        if not isinstance(args, dict):
            raise ValueError(f"an action's args are an object, not {_json_type(args)}")
        return cls(kind, tuple((k, _tupled(v)) for k, v in args.items()))

    @classmethod
    def make(cls, kind: str, **args: Any) -> Action:
        """``Action.make("load", ship="s3", good="wood")``; argument order is kept as written."""
        return tuple.__new__(cls, (kind, tuple(args.items())))


def _fmt(value: Any) -> str:
    if isinstance(value, (tuple, list)):
        return "[" + ";".join(_fmt(v) for v in value) + "]"
    return str(value)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    if isinstance(value, dict):
        raise ValueError("an action's argument values are text, numbers, true/false, null or lists, not objects")
    return value


def _json_type(value: Any) -> str:
    """The JSON name of a value's type, for messages about untrusted input."""
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def legal_match(action: object, legal: list[Action]) -> Action | None:
    """The element of ``legal`` that ``action`` stands for, or None: the one rule every game's ``apply`` uses.

    Only an :class:`Action` equal to a listed one matches. A plain tuple equal to an action, another type, or
    an action with its arguments in another order does not. The listed action itself is returned, so the
    history holds exactly what ``legal_actions()`` produced (an equal action with ``True`` for ``1`` would
    otherwise change what ``to_json`` writes). A bot hands back an element of the list, so the identity scan
    finds it without comparing the actions before it by value.
    """
    for listed in legal:
        if listed is action:
            return listed
    if type(action) is not Action:
        return None
    for listed in legal:
        if listed == action and _same_types(listed[1], action[1]):  # type: ignore[index]
            return listed
    return None


def _same_types(listed: Any, given: Any) -> bool:
    """Equal values of the same types all the way down (``1 == True == 1.0`` in Python, not in a log)."""
    if type(listed) is not type(given):
        return False
    if isinstance(listed, tuple):
        return all(_same_types(a, b) for a, b in zip(listed, given, strict=True))
    return True


@dataclass(frozen=True)
class GameConfig:
    """Everything that fixes a game before the first move.

    ``edition`` chooses that edition's reading of every ruling; ``rulings`` overrides single rulings
    (ruling id → reading id); ``variants`` switches optional variants on.
    """

    game: str
    players: int
    seed: int = 0
    edition: str | None = None
    rulings: dict[str, str] = field(default_factory=dict)
    variants: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "edition": self.edition,
            "rulings": dict(sorted(self.rulings.items())),
            "variants": list(self.variants),
        }

    @classmethod
    def from_json(cls, data: Any) -> GameConfig:
        """Inverse of :meth:`to_json`; a malformed config (it comes from a log: untrusted) raises ``ValueError``
        naming the field."""
        if not isinstance(data, dict):
            raise ValueError(f"config is an object, not {_json_type(data)}")
        unknown = sorted(set(data) - {"game", "players", "seed", "edition", "rulings", "variants"})
        if unknown:
            raise ValueError(f"unknown config field(s): {', '.join(map(str, unknown))}")
        game, players, seed = data.get("game"), data.get("players"), data.get("seed", 0)
        edition, rulings, variants = data.get("edition"), data.get("rulings", {}), data.get("variants", [])
        if not isinstance(game, str) or not game:
            raise ValueError(f"config.game is a game id, not {_json_type(game)}")
        # bool is an int subclass: `true` is no player count; the checks are spelled out so mypy narrows both
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"config.players is a whole number, not {_json_type(players)}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"config.seed is a whole number, not {_json_type(seed)}")
        if not 0 <= seed < MAX_SEED:
            raise ValueError(f"config.seed must be between 0 and 2**64 - 1, not {seed}")
        if edition is not None and not isinstance(edition, str):
            raise ValueError(f"config.edition is an edition id or null, not {_json_type(edition)}")
        if not isinstance(rulings, dict) or not all(isinstance(v, str) for v in rulings.values()):
            raise ValueError("config.rulings maps ruling ids to reading ids (text)")
        if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
            raise ValueError("config.variants is a list of variant ids")
        return cls(game=game, players=players, seed=seed, edition=edition, rulings=dict(rulings),
                   variants=tuple(variants))


class Game(ABC):
    """An immutable game: configuration plus the tables derived from the spec."""

    #: The spec's game id; the engine package is ``engine.<id>``.
    game_id: ClassVar[str]

    def __init__(self, config: GameConfig) -> None:
        self.config = config

    @property
    def num_players(self) -> int:
        return self.config.players

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state after setup (setup's chance already resolved from the seed)."""

    def state_from_json(self, data: dict[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json` by replaying its history."""
        state = self.new_initial_state()
        for item in data["history"]:
            state.apply(Action.from_json(item))
        return state


class State(ABC):
    """A mutable game state. Subclasses keep their hot paths lean: no deep copies per step."""

    game: Game

    @property
    @abstractmethod
    def current_player(self) -> int:
        """Seat (0-based) to move, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player, in a stable order."""

    @abstractmethod
    def apply(self, action: Action) -> None:
        """Play ``action``; raise :class:`IllegalActionError` (state unchanged) if it is not legal.

        Legal means an :class:`Action` equal to one of :meth:`legal_actions` (see :func:`legal_match`): a plain
        tuple equal to one, another type, or an action with its arguments reordered is illegal.
        """

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat (final once terminal)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that win (after the tie-break); empty before the end."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` can see, as JSON-able data: hidden stack orders, hands and face-down cards left out."""

    @property
    @abstractmethod
    def history(self) -> list[Action]:
        """Actions applied since the initial state."""

    def to_json(self) -> dict[str, Any]:
        """Config plus action history: enough to rebuild this exact state."""
        return {"config": self.game.config.to_json(), "history": [a.to_json() for a in self.history]}

    @staticmethod
    def from_json(data: dict[str, Any]) -> State:
        """Inverse of :meth:`to_json` (loads the game's engine by id)."""
        from engine.runtime.registry import load_game

        return load_game(GameConfig.from_json(data["config"])).state_from_json(data)

    def seat_info(self, player: int) -> dict[str, str]:
        """Labels of a seat that statistics group by (e.g. ``{"nation": "england"}``); none by default."""
        return {}

    def fingerprint(self) -> Any:
        """A value equal for equal states (used by tests and replays); subclasses return their full data."""
        return self.observation(-1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and type(self) is type(other) and self.fingerprint() == other.fingerprint()

    __hash__ = None  # type: ignore[assignment]  # mutable
