"""Safe YAML loading that remembers where every value came from.

PyYAML's safe loader accepts duplicate keys (the last one silently wins) and expands aliases (a "billion
laughs" document of a few hundred bytes expands to gigabytes). Spec files need neither, so both are errors here.
We compose the node graph ourselves, which also lets us record the line of every value under its JSON path
(``/rules/3/params/cloth``) so that schema errors can name the line to fix.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

#: Spec files are small; anything bigger is a mistake (or an attack) and is refused before parsing.
MAX_FILE_BYTES = 2_000_000


class YamlProblem(Exception):
    """A file that is not acceptable YAML for a spec; ``line`` is 1-based (0 when unknown)."""

    def __init__(self, message: str, line: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


class _NoAliasLoader(yaml.SafeLoader):
    """A safe loader whose composer refuses aliases outright (no anchor expansion, no alias bombs)."""

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:  # type: ignore[override]
        if self.check_event(AliasEvent):
            event = self.peek_event()
            raise YamlProblem("aliases (*name) are not allowed in spec files", event.start_mark.line + 1)
        return Composer.compose_node(self, parent, index)


#: libyaml's C parser is ~10x faster; it composes aliases into shared nodes, which :func:`_build` refuses.
_FAST_LOADER: type | None = getattr(yaml, "CSafeLoader", None)


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
        raw = path.read_bytes()
    except OSError as exc:
        raise YamlProblem(f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise YamlProblem(f"file is {len(raw)} bytes; spec files are limited to {MAX_FILE_BYTES}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise YamlProblem(f"not UTF-8 text (byte {exc.start})") from None
    loader = (_FAST_LOADER or _NoAliasLoader)(text)
    try:
        node = loader.get_single_node()
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
    doc = YamlDocument(path=path, data=None)
    if node is not None:
        doc.data = _build(node, "", doc.lines, loader, set())
    return doc


def _build(node: Node, json_path: str, lines: dict[str, int], loader: Any, seen: set[int]) -> Any:
    # libyaml's composer hands back the anchored node itself for each alias: a node met twice is an alias.
    # Refuse it before anything can be expanded.
    if id(node) in seen:
        raise YamlProblem(f"aliases (*name) are not allowed in spec files (anchor at line {node.start_mark.line + 1})",
                          node.start_mark.line + 1)
    seen.add(id(node))
    lines[json_path] = node.start_mark.line + 1
    if isinstance(node, MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                raise YamlProblem("mapping keys must be plain scalars", key_node.start_mark.line + 1)
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise YamlProblem("merge keys (<<) are not allowed in spec files", key_node.start_mark.line + 1)
            # Keys are field names: always the text as written. YAML 1.1 would turn `on:` or `no:` into booleans.
            key = key_node.value
            if key in result:
                first = lines.get(f"{json_path}/{_escape(key)}", 0)
                raise YamlProblem(
                    f"duplicate key {key!r} (first at line {first})", key_node.start_mark.line + 1
                )
            child = f"{json_path}/{_escape(key)}"
            result[key] = _build(value_node, child, lines, loader, seen)
            # Point at the key's line: that is where a user looks for a field.
            lines[child] = key_node.start_mark.line + 1
        return result
    if isinstance(node, SequenceNode):
        return [_build(item, f"{json_path}/{i}", lines, loader, seen) for i, item in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def _escape(key: Any) -> str:
    """JSON-pointer escaping of one path segment."""
    return str(key).replace("~", "~0").replace("/", "~1")
