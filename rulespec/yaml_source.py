"""Safe YAML loading that remembers where every value came from.

A spec file is untrusted input, and plain YAML can do too much for it:

- PyYAML's safe loader accepts **duplicate keys** (the last one silently wins): an error here.
- **Aliases** expand (a "billion laughs" document of a few hundred bytes expands to gigabytes), and so do
  merge keys (``<<``): both are errors.
- **Tags** other than the plain ones (``!!python/object…``, ``!custom``, ``!!binary``, ``!!set``) are refused
  by name, never constructed. A date (``2012-05-01``) is kept as the text written.
- **Deep nesting** (``[[[[…`` a hundred thousand levels) crashes libyaml's recursive composer with a
  segmentation fault; integers of thousands of digits, ``.inf`` and ``.nan`` have no place in a spec either.

So the document is built here from libyaml's *event* stream (flat, no recursion) with an explicit stack,
refusing each of the above with its line as soon as it appears. Building it ourselves also records the line of
every value under its JSON path (``/rules/3/params/cloth``), so schema errors can name the line to fix.
The file itself is read with :mod:`rulespec.bounded_input`: size first, regular files only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from rulespec.bounded_input import InputError, read_bytes

#: Spec files are small; anything bigger is a mistake (or an attack) and is refused before reading.
MAX_FILE_BYTES = 2_000_000
#: Deepest nesting of mappings and lists (the spec formats need about eight levels).
MAX_DEPTH = 40
#: Longest integer accepted, in characters (counts and points have a few digits).
MAX_INT_CHARS = 18

_CORE = "tag:yaml.org,2002:"
#: Scalar tags a spec value may have, and how each is built.
_SCALAR_TAGS = {f"{_CORE}{name}" for name in ("str", "int", "float", "bool", "null")}
_TIMESTAMP = f"{_CORE}timestamp"


class YamlProblem(Exception):
    """A file that is not acceptable YAML for a spec; ``line`` is 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


#: libyaml's C parser is ~10x faster; only its event stream is used (see the module doc).
_LOADER: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class YamlDocument:
    """A parsed file: its data as plain Python values and the line of each JSON path."""

    path: Path
    data: Any
    lines: dict[str, int] = field(default_factory=dict)

    def line_of(self, json_path: str) -> int:
        """Line of ``json_path`` or of its nearest ancestor that has one."""
        path = json_path
        while True:
            if path in self.lines:
                return self.lines[path]
            if not path:
                return 1
            path = path.rsplit("/", 1)[0]


def load_yaml(path: Path) -> YamlDocument:
    """Parse ``path`` safely; raise :class:`YamlProblem` with a line number for anything unacceptable."""
    try:
        raw = read_bytes(path, MAX_FILE_BYTES, "spec file")
    except InputError as exc:
        # the message starts with the path, which the caller shows already
        raise YamlProblem(str(exc).removeprefix(f"{path}: ")) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlProblem(f"not UTF-8 text (byte {exc.start})") from None
    return parse_yaml(text, path)


def parse_yaml(text: str, path: Path) -> YamlDocument:
    """Build the document of ``text`` (read from ``path``) from the parser's events; see the module doc."""
    doc = YamlDocument(path=path, data=None)
    loader = _LOADER(text)
    try:
        doc.data = _Builder(loader, doc.lines).build()
    except YamlProblem:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise YamlProblem(f"YAML syntax: {exc.problem or exc}", line) from None
    except yaml.YAMLError as exc:
        raise YamlProblem(f"YAML: {exc}") from None
    finally:
        loader.dispose()
    return doc


class _Builder:
    """Turns one document's events into plain data, keeping the line of every JSON path."""

    def __init__(self, loader: Any, lines: dict[str, int]) -> None:
        self.loader = loader
        self.lines = lines
        #: open containers: (the container, its JSON path, the pending mapping key and its line)
        self.stack: list[list[Any]] = []

    def build(self) -> Any:
        loader = self.loader
        result: Any = None
        documents = 0
        while loader.check_event():
            event = loader.get_event()
            line = event.start_mark.line + 1
            if isinstance(event, (StreamStartEvent, StreamEndEvent, DocumentEndEvent)):
                continue
            if isinstance(event, DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise YamlProblem("a spec file holds one YAML document (found a second '---')", line)
                continue
            if isinstance(event, AliasEvent):
                raise YamlProblem(f"aliases (*name) are not allowed in spec files (found *{event.anchor})", line)
            if isinstance(event, (SequenceEndEvent, MappingEndEvent)):
                value = self.stack.pop()[0]
                if not self.stack:
                    result = value
                continue
            path = self._child_path(line)
            if isinstance(event, ScalarEvent):
                if self.stack and isinstance(self.stack[-1][0], dict) and self.stack[-1][2] is None:
                    self._key(event, line)
                    continue
                value = self._scalar(event, line)
                self._place(value, path, line)
                if not self.stack:
                    result = value
                continue
            if isinstance(event, (SequenceStartEvent, MappingStartEvent)):
                self._check_collection_tag(event, line)
                if len(self.stack) >= MAX_DEPTH:
                    raise YamlProblem(f"nested more than {MAX_DEPTH} levels deep", line)
                if self.stack and isinstance(self.stack[-1][0], dict) and self.stack[-1][2] is None:
                    raise YamlProblem("mapping keys must be plain scalars", line)
                container: Any = [] if isinstance(event, SequenceStartEvent) else {}
                self._place(container, path, line)
                self.stack.append([container, path, None, 0])
        return result

    def _child_path(self, line: int) -> str:
        """The JSON path of the value about to be read (inside the innermost open container)."""
        if not self.stack:
            return ""
        container, path, key, _ = self.stack[-1]
        if isinstance(container, list):
            return f"{path}/{len(container)}"
        return f"{path}/{_escape(key)}" if key is not None else path

    def _place(self, value: Any, path: str, line: int) -> None:
        self.lines[path] = line
        if not self.stack:
            return
        frame = self.stack[-1]
        container = frame[0]
        if isinstance(container, list):
            container.append(value)
            return
        key, key_line = frame[2], frame[3]
        container[key] = value
        self.lines[path] = key_line  # point at the key's line: that is where a user looks for a field
        frame[2] = None

    def _key(self, event: ScalarEvent, line: int) -> None:
        frame = self.stack[-1]
        if event.tag is None and event.value == "<<" and event.implicit[0]:
            raise YamlProblem("merge keys (<<) are not allowed in spec files", line)
        if event.tag not in (None, "!", f"{_CORE}str"):
            raise YamlProblem(f"tag {_shown(event.tag)} is not allowed on a key (keys are plain names)", line)
        # Keys are field names: always the text as written. YAML 1.1 would turn `on:` or `no:` into booleans.
        name = event.value
        if name in frame[0]:
            first = self.lines.get(f"{frame[1]}/{_escape(name)}", 0)
            raise YamlProblem(f"duplicate key {name!r} (first at line {first})", line)
        frame[2], frame[3] = name, line

    def _check_collection_tag(self, event: Any, line: int) -> None:
        tag = event.tag
        if tag in (None, "!"):
            return
        expected = f"{_CORE}seq" if isinstance(event, SequenceStartEvent) else f"{_CORE}map"
        if tag != expected:
            raise YamlProblem(f"tag {_shown(tag)} is not allowed in spec files (only plain lists and mappings)", line)

    def _scalar(self, event: ScalarEvent, line: int) -> Any:
        tag = event.tag
        if tag in (None, "!"):
            tag = self.loader.resolve(ScalarNode, event.value, event.implicit)
        if tag == _TIMESTAMP:
            return event.value  # a date stays the text written: the spec has no date values
        if tag not in _SCALAR_TAGS:
            raise YamlProblem(f"tag {_shown(tag)} is not allowed in spec files (only strings, numbers, true/false, null)",
                              line)
        if tag == f"{_CORE}int" and len(event.value) > MAX_INT_CHARS:
            raise YamlProblem(f"integer of {len(event.value)} characters is too large for a spec value", line)
        node = ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, yaml.YAMLError) as exc:
            raise YamlProblem(f"bad {tag.removeprefix(_CORE)} value {event.value[:40]!r} ({exc})", line) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise YamlProblem(f"{event.value!r} is not a finite number", line)
        return value


def _shown(tag: str) -> str:
    """A tag as written in YAML: ``!!python/object`` rather than ``tag:yaml.org,2002:python/object``."""
    return "!!" + tag.removeprefix(_CORE) if tag.startswith(_CORE) else tag


def _escape(key: Any) -> str:
    """JSON-pointer escaping of one path segment."""
    return str(key).replace("~", "~0").replace("/", "~1")


__all__ = ["MAX_FILE_BYTES", "MappingNode", "SequenceNode", "YamlDocument", "YamlProblem", "load_yaml", "parse_yaml"]
