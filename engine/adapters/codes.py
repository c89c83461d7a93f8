"""Action codes: every engine action of a game as a short sequence of integers in ``0 … N-1``.

An engine action is a kind and named arguments (``build:ship=ship.large.x,pay=[good.wood;good.gold]``). Learning
libraries want one integer per move from a fixed range instead. The map between the two is read from the game's
generated table ``engine/<game>/generated/action_codes.py``, rendered from the spec by
``engine/<game>/templates/action_codes.py.j2``. That table names, for every kind:

- its **steps**: the order in which its arguments are chosen. A kind whose arguments would multiply into
  too many codes (a ship *and* a payment *and* a ship to give up) is chosen in several steps, each with a
  small range of codes (a factored action space). Every kind has at least one step; a kind without arguments
  has one step with no fields, hence one code.
- each step's **fields**, written ``"argument:domain"``: the argument's value is looked up in the domain (a
  tuple of values, all from the spec). ``"ships[1]:entry"`` is element 1 of a tuple argument (one field per
  element, so a set of ships is chosen ship by ship); a field ``("?", …)`` may be absent; a field with several
  alternatives (``("ship:ship", "space:market_space")``) takes whichever argument the action has.
- the **multiset domains**, e.g. every payment: all sorted tuples of at most ``k`` goods;
- the **openers** (optional): an entry that opens a choice of its own (Race to the New Found Land's
  ``play_card``, which opens the choice of a 1x card), and the kinds the adapters leave out of that choice.
  The engine lets a player open it and close it again having done nothing (``done``); an agent could do that
  forever, and OpenSpiel needs a bound on a game's length. The adapters offer only the choices that do
  something, which reach every position the engine's choice reaches.

The integers are laid out segment by segment: the kinds in the table's order, within a kind its steps in
order. Within a step, the code is the mixed-radix number of its fields' indices, the first field most
significant. A field's index counts its alternatives' domains laid end to end, after a leading 0 for
*absent* when the field is optional. ``N`` (:attr:`ActionCodes.size`) is the total of all segment sizes: a
finite bound known before any game is played, what OpenSpiel calls ``num_distinct_actions``.

Decoding needs no inverse table: an adapter encodes the legal actions of the decision posed and matches the
chosen code against them (see :mod:`engine.adapters.stepper`). An action whose kind, argument or value has no
code raises :class:`UnencodableActionError` naming the template to extend, so an engine change is caught by
the round-trip test rather than mis-encoded.

Example::

    codes = action_codes("race_to_the_new_found_land")
    codes.encode(Action.make("load", good="good.wood"))   # (c,): one step
    codes.describe(c)                                     # 'load good=good.wood'
"""

from __future__ import annotations

import importlib
import itertools
import types
from bisect import bisect_right
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, cast

from engine import native
from engine.adapters.identity import IdentityMap
from engine.runtime.api import Action

#: The module of the identity memo: compiled or not, it decides how actions are looked up (:meth:`ActionCodes.encode_each`).
IDENTITY_MODULE = "engine.adapters.identity"

#: Entries of the encode memo before it is dropped. The actions a configuration hands out again number a few
#: thousand, but new values keep coming (about ten a game after 2,000 random 4-player games of Race to the New
#: Found Land, mostly contracts and builds in new combinations: 40,000 values after 3,000 games), each keeping
#: its action alive; refilling after a drop costs about as much as a few games.
MEMO_LIMIT = 65_536

#: Objects the identity memo holds before it alone is dropped (the value memo stays, so each object is found
#: by value once, then joins again): it then never grows past 65,536 slots (1 MB of references), and objects
#: the engine no longer hands out (built afresh for one decision, or held by an engine memo since dropped) do
#: not stay in it for good, growing it by about fourteen a game.
IDENTITY_LIMIT = 32_768

#: Objects of one action value the identity memo takes besides the first (see :meth:`ActionCodes._encode_by_value`).
COPIES = 4


class UnencodableActionError(ValueError):
    """An action whose kind, argument or value the game's code table does not cover."""


@dataclass(frozen=True)
class Domain:
    """The values one argument may take, in code order."""

    name: str
    values: tuple[Any, ...]
    index: dict[Hashable, int]

    @classmethod
    def of(cls, name: str, values: Sequence[Any]) -> Domain:
        values = tuple(values)
        index = {value: i for i, value in enumerate(values)}
        if len(index) != len(values):
            raise ValueError(f"domain {name!r} lists a value twice")
        return cls(name, values, index)


@dataclass(frozen=True)
class Alternative:
    """One argument a field may read: its name, the tuple position (-1: the whole value) and its domain."""

    argument: str
    position: int
    domain: Domain
    offset: int  # index of this alternative's first value within the field

    def label(self) -> str:
        return self.argument if self.position < 0 else f"{self.argument}[{self.position}]"


@dataclass(frozen=True)
class Field:
    """One choice within a step: a value from one of its alternatives, or absent when optional."""

    alternatives: tuple[Alternative, ...]
    optional: bool
    size: int


@dataclass(frozen=True)
class Segment:
    """The codes of one step of one kind: ``offset … offset + size - 1``."""

    kind: str
    step: int
    fields: tuple[Field, ...]
    offset: int
    size: int


class _Reader:
    """Where one argument (or one element of a tuple argument) goes in a kind's codes: the precomputed form of
    one :class:`Alternative`, so that encoding is a few table look-ups (see :meth:`ActionCodes._encode_plain`)."""

    __slots__ = ("bit", "index", "multiplier", "position", "step")

    def __init__(self, step: int, field_bit: int, multiplier: int, position: int, index: dict[Hashable, int]) -> None:
        self.step = step  # the step whose code the field is part of
        self.bit = field_bit  # the field's bit in the kind's mask of fields (a field is filled once)
        self.multiplier = multiplier  # the field's weight in its step's mixed-radix number
        self.position = position  # the tuple element read, -1 for the whole value
        self.index = index  # value → the field's index (the alternative's offset already added)


class _Argument:
    """The readers of one argument name of a kind, and how many tuple elements have a field (-1: none is read
    element by element)."""

    __slots__ = ("elements", "readers")

    def __init__(self) -> None:
        self.readers: list[_Reader] = []
        self.elements = -1


class _KindPlan:
    """A kind's encoding as tables: each argument name → its readers, the segment offsets, the required fields."""

    __slots__ = ("arguments", "offsets", "required")

    def __init__(self, segments: tuple[Segment, ...]) -> None:
        self.arguments: dict[str, _Argument] = {}
        self.offsets: list[int] = [s.offset for s in segments]
        self.required = 0  # mask of the fields that must be filled (the others are optional)
        bit = 1
        for step, segment in enumerate(segments):
            multiplier = 1
            for f in reversed(segment.fields):  # the last field is the least significant
                if not f.optional:
                    self.required |= bit
                for alt in f.alternatives:
                    index = {value: alt.offset + i for value, i in alt.domain.index.items()}
                    argument = self.arguments.setdefault(alt.argument, _Argument())
                    argument.readers.append(_Reader(step, bit, multiplier, alt.position, index))
                    if alt.position >= 0:
                        argument.elements = max(argument.elements, alt.position + 1)
                multiplier *= f.size
                bit <<= 1


def _parse_field(text: tuple[str, ...] | str, domains: dict[str, Domain], where: str) -> Field:
    items = (text,) if isinstance(text, str) else tuple(text)
    optional = bool(items) and items[0] == "?"
    if optional:
        items = items[1:]
    if not items:
        raise ValueError(f"{where}: a field needs at least one argument")
    offset = 1 if optional else 0
    alternatives = []
    for item in items:
        argument, _, domain_name = item.partition(":")
        position = -1
        if argument.endswith("]"):
            argument, _, index = argument[:-1].partition("[")
            position = int(index)
        if domain_name not in domains:
            raise ValueError(f"{where}: unknown domain {domain_name!r}")
        domain = domains[domain_name]
        alternatives.append(Alternative(argument, position, domain, offset))
        offset += len(domain.values)
    return Field(tuple(alternatives), optional, offset)


def _multisets(elements: tuple[Any, ...], largest: int) -> list[tuple[Any, ...]]:
    """Every sorted tuple of at most ``largest`` elements (smallest first), e.g. every payment of goods."""
    return [combo for size in range(largest + 1) for combo in itertools.combinations_with_replacement(elements, size)]


class ActionCodes:
    """The code table of one game: encode actions, describe codes. Built once per game (see :func:`action_codes`)."""

    def __init__(self, table: types.ModuleType, identity_first: bool | None = None) -> None:
        """``identity_first``: whether look-ups try the identity memo before the dict (default: when the
        identity memo runs compiled; see :meth:`encode_each`)."""
        self.source = table.__name__
        domains = {name: Domain.of(name, values) for name, values in table.DOMAINS.items()}
        for name, (element, largest) in getattr(table, "MULTISETS", {}).items():
            domains[name] = Domain.of(name, _multisets(domains[element].values, int(largest)))
        self.domains = domains
        self.segments: list[Segment] = []
        self.kinds: dict[str, tuple[Segment, ...]] = {}
        #: per kind, the tuple arguments read element by element, and how many elements the table has fields for
        self._sequences: dict[str, dict[str, int]] = {}
        offset = 0
        for kind, steps in table.KINDS.items():
            steps = tuple(steps) or ((),)  # a kind without arguments: one step of no fields, one code
            segments = []
            positions: dict[str, int] = {}
            for number, step in enumerate(steps):
                fields = tuple(_parse_field(f, domains, f"{self.source}: {kind} step {number}") for f in step)
                size = 1
                for f in fields:
                    size *= f.size
                    for alt in f.alternatives:
                        if alt.position >= 0:
                            positions[alt.argument] = max(positions.get(alt.argument, 0), alt.position + 1)
                segment = Segment(kind, number, fields, offset, size)
                segments.append(segment)
                offset += size
            self.kinds[kind] = tuple(segments)
            self.segments.extend(segments)
            self._sequences[kind] = positions
        self.size = offset
        #: one int object per code, shared by every memoised tuple of codes: the codes read at every step then sit
        #: in a few kilobytes that stay in the CPU's caches, not one object per action scattered over the heap
        self._ints: list[object] = list(range(offset))
        #: the most steps any decision takes (the steps of the longest kind)
        self.max_steps = max((len(segments) for segments in self.kinds.values()), default=1)
        self._starts = [s.offset for s in self.segments]
        self.private: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in getattr(table, "PRIVATE", {}).items()}
        #: entry kind → the kinds the adapters leave out of the choice it opens (see :attr:`drops_after`)
        self.openers: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in getattr(table, "OPENERS", {}).items()}
        #: the code of each opening entry → the kinds left out of the choice it opens
        self.drops_after: dict[int, frozenset[str]] = {}
        for kind, dropped in self.openers.items():
            entry = self.kinds.get(kind)
            if entry is None or len(entry) != 1 or entry[0].size != 1:
                raise ValueError(f"{self.source}: OPENERS names {kind!r}, which is not a kind of one code")
            unknown = sorted(dropped - set(self.kinds))
            if unknown:
                raise ValueError(f"{self.source}: OPENERS[{kind!r}] names unknown kinds {unknown}")
            self.drops_after[entry[0].offset] = dropped
        #: every argument each kind may carry (what the table has a field for)
        self._arguments: dict[str, frozenset[str]] = {
            kind: frozenset(alt.argument for s in segments for f in s.fields for alt in f.alternatives)
            for kind, segments in self.kinds.items()
        }
        #: action → its codes, one per step of its kind, for every action encoded so far
        self.encoded: dict[Action, tuple[int, ...]] = {}
        #: the same, found by the identity of the very objects :attr:`encoded` holds as keys: the engine hands
        #: out the same action objects again and again, and this look-up needs no hash of the action
        #: (filled only when :attr:`identity_first`), and up to :data:`COPIES` other objects equal to each
        self.by_identity: IdentityMap[tuple[int, ...]] = IdentityMap()
        #: the identity of a value's codes (the tuple :attr:`encoded` holds) → its other objects in the identity memo
        self._copies: dict[int, int] = {}
        if identity_first is None:
            identity_first = IDENTITY_MODULE in native.status().modules
        #: whether look-ups try :attr:`by_identity` first (see :meth:`encode_each`)
        self.identity_first = identity_first
        #: each kind's encoding as tables (see :meth:`_encode_plain`)
        self._plans: dict[str, _KindPlan] = {kind: _KindPlan(segments) for kind, segments in self.kinds.items()}

    # -- encoding ------------------------------------------------------------------------------------------
    def encode(self, action: Action) -> tuple[int, ...]:
        """The codes of ``action``, one per step of its kind (memoised: the same actions come back all game)."""
        if self.identity_first:
            found = self.by_identity.get(action)
            if found is not None:
                return found
        return self._encode_by_value(action)

    def encode_each(self, actions: list[Action]) -> list[tuple[int, ...]]:
        """:meth:`encode` of every action of a list, in order: the codes of a decision's legal actions, asked at
        every step of a game, so the look-up is chosen by what it costs.

        Compiled, probing the identity memo is a few machine operations on the address, far less than hashing
        and comparing an action (a tuple of tuples), and most actions are found that way, in one call for the
        list. Interpreted, the probe's bytecodes cost more than the dict's hash in C (about 2,900 instructions
        against 2,100 for a large action, counted with callgrind), so the dict alone is asked."""
        found_all: list[tuple[int, ...]] = []
        if self.identity_first:  # (two loops, each over one type of memo, so that mypyc calls it natively)
            by_identity = self.by_identity
            for action in actions:
                found = by_identity.get(action)
                found_all.append(found if found is not None else self._encode_by_value(action))
        else:
            encoded = self.encoded
            for action in actions:
                found = encoded.get(action)
                found_all.append(found if found is not None else self._encode_by_value(action))
        return found_all

    def _encode_by_value(self, action: Action) -> tuple[int, ...]:
        """The codes of an action the identity memo has not met as this object: an equal action met before as
        another object, or a new one, encoded and remembered.

        A new action joins both memos. An object equal to one met before joins the identity memo (which keeps it
        alive, so its address stays its own) while its value has fewer than :data:`COPIES` objects there: the
        engine keeps the actions of its frequent decisions in tables and offers the same objects again, but
        several tables may hold equal actions (a settle action for each way the other spots of its space are
        taken), each met first by value; an action the engine builds afresh for every decision would only fill
        the memo with objects never asked for again."""
        found = self.encoded.get(action)
        if found is not None:
            if self.identity_first:
                copies = self._copies.get(id(found), 0)  # (the codes of one value are one tuple, alive in ``encoded``)
                if copies < COPIES:
                    self._remember(action, found)
                    self._copies[id(found)] = self._copies.get(id(found), 0) + 1  # (remembering may clear the counts)
            return found
        found = self._encode_plain(action)
        if found is None:
            found = self._encode(action)
        if len(self.encoded) >= MEMO_LIMIT:
            self.encoded.clear()
            self._clear_identity()
        self.encoded[action] = found
        if self.identity_first:
            self._remember(action, found)  # the key ``encoded`` keeps alive, so its address is its own
        return found

    def _remember(self, action: Action, found: tuple[int, ...]) -> None:
        """Put ``action`` into the identity memo, first dropping the memo when it holds :data:`IDENTITY_LIMIT`
        objects."""
        if len(self.by_identity) >= IDENTITY_LIMIT:
            self._clear_identity()
        self.by_identity.put(action, found)

    def _clear_identity(self) -> None:
        self.by_identity.clear()
        self._copies.clear()

    def _encode_plain(self, action: Action) -> tuple[int, ...] | None:
        """The codes of ``action`` read from its kind's tables (:class:`_KindPlan`): per argument, a look-up of
        its name and one of its value. ``None`` for anything but a plain action (an unknown kind, argument or
        value, a field given twice, a required one missing, a tuple longer than the fields it has): the general
        encoder (:meth:`_encode`) then decides, and names what is wrong. About two thirds of its cost."""
        plan = self._plans.get(action[0])
        if plan is None:
            return None
        pairs: tuple[tuple[str, Any], ...] = action[1]
        codes = list(plan.offsets)
        filled = 0
        for name, value in pairs:
            argument = plan.arguments.get(name)
            if argument is None:
                return None
            if argument.elements >= 0 and (not isinstance(value, tuple) or len(value) > argument.elements):
                return None
            for reader in argument.readers:
                position = reader.position
                element: Any = value
                if position >= 0:
                    if position >= len(value):
                        continue
                    element = value[position]
                if filled & reader.bit:
                    return None
                filled |= reader.bit
                try:
                    index = reader.index.get(element)
                except TypeError:  # unhashable: in no domain
                    return None
                if index is None:
                    return None
                codes[reader.step] += reader.multiplier * index
        if filled & plan.required != plan.required:
            return None
        return _shared(self._ints, codes)

    def _encode(self, action: Action) -> tuple[int, ...]:
        kind, pairs = action
        segments = self.kinds.get(kind)
        if segments is None:
            raise UnencodableActionError(
                f"action kind {kind!r} ({action}) has no code in {self.source}: add it to the game's "
                "templates/action_codes.py.j2 and run `rulespec generate engine`"
            )
        args = dict(pairs)
        known = self._arguments[kind]
        unused = sorted(name for name in args if name not in known)
        if unused:
            raise UnencodableActionError(f"{action}: argument(s) {', '.join(unused)} of {kind!r} have no field in {self.source}")
        out = []
        for segment in segments:
            code = 0
            for f in segment.fields:
                code = code * f.size + self._field_index(f, args, action)
            out.append(segment.offset + code)
        for name, fields in self._sequences[kind].items():
            if len(args.get(name, ())) > fields:
                raise UnencodableActionError(f"{action}: {name} has more than the {fields} elements {self.source} codes")
        return _shared(self._ints, out)

    def _field_index(self, f: Field, args: dict[str, Any], action: Action) -> int:
        for alt in f.alternatives:
            if alt.argument not in args:
                continue
            value = args[alt.argument]
            if alt.position >= 0:
                if not isinstance(value, tuple):
                    raise UnencodableActionError(f"{action}: {alt.argument} should be a tuple")
                if alt.position >= len(value):
                    continue
                value = value[alt.position]
            try:
                index = alt.domain.index.get(value)
            except TypeError:  # unhashable: a list or a dict is in no domain
                index = None
            if index is None:
                raise UnencodableActionError(
                    f"{action}: {alt.label()}={value!r} is not in domain {alt.domain.name!r} of {self.source}"
                )
            return alt.offset + index
        if f.optional:
            return 0
        wanted = " or ".join(alt.label() for alt in f.alternatives)
        raise UnencodableActionError(f"{action}: missing {wanted}")

    # -- reading codes -----------------------------------------------------------------------------------
    def segment_of(self, code: int) -> Segment:
        """The segment (kind and step) ``code`` belongs to."""
        if not 0 <= code < self.size:
            raise ValueError(f"code {code} is outside 0 … {self.size - 1}")
        return self.segments[bisect_right(self._starts, code) - 1]

    def fields_of(self, code: int) -> list[tuple[Alternative | None, Any]]:
        """The choice each field of ``code``'s step makes: (alternative, value), ``(None, None)`` when absent."""
        segment = self.segment_of(code)
        rest = code - segment.offset
        indices = []
        for f in reversed(segment.fields):
            rest, index = divmod(rest, f.size)
            indices.append(index)
        out: list[tuple[Alternative | None, Any]] = []
        for f, index in zip(segment.fields, reversed(indices), strict=True):
            if f.optional and index == 0:
                out.append((None, None))
                continue
            alt = next(a for a in reversed(f.alternatives) if a.offset <= index)
            out.append((alt, alt.domain.values[index - alt.offset]))
        return out

    def describe(self, code: int) -> str:
        """Stable text of one code: its kind, its step when the kind has several, and its field values."""
        segment = self.segment_of(code)
        parts = [segment.kind if len(self.kinds[segment.kind]) == 1 else f"{segment.kind}#{segment.step + 1}"]
        for alt, value in self.fields_of(code):
            if alt is None:
                parts.append("-")
            else:
                parts.append(f"{alt.label()}={_text(value)}")
        return " ".join(parts)

    def table(self) -> list[tuple[int, int, str]]:
        """Every segment as ``(first code, size, what it chooses)``: the documented map, in code order."""
        out = []
        for s in self.segments:
            fields = " × ".join(
                ("[absent] + " if f.optional else "")
                + " + ".join(f"{a.label()}∈{a.domain.name}({len(a.domain.values)})" for a in f.alternatives)
                for f in s.fields
            )
            out.append((s.offset, s.size, f"{s.kind} step {s.step + 1}/{len(self.kinds[s.kind])}: {fields or '(no arguments)'}"))
        return out

    def public_text(self, action: Action) -> str:
        """``action`` as a player other than its actor sees it: its private arguments (a card kept from a draw,
        a face-down disc's number) shown as ``?``."""
        hidden = self.private.get(action[0])
        if not hidden:
            return str(action)
        return str(Action(action[0], tuple((k, "?" if k in hidden else v) for k, v in action[1])))


def _shared(ints: list[object], codes: list[int]) -> tuple[int, ...]:
    """``tuple(codes)`` made of the table's shared int objects (``ints[c]`` is ``c``)."""
    return cast(tuple[int, ...], tuple([ints[c] for c in codes]))


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return "[" + ",".join(_text(v) for v in value) + "]"
    return str(value)


@cache
def action_codes(game_id: str) -> ActionCodes:
    """The code table of ``game_id`` from its committed generated module."""
    return ActionCodes(importlib.import_module(f"engine.{game_id}.generated.action_codes"))
