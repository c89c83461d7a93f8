"""Which rules of the spec each engine implements, and where: the ``Rules:`` line of a docstring.

Every function or method of a game's engine that implements a rule says so in its docstring, on a line::

    Rules: land.build_ships, land.build_ships.large_points

(ids separated by commas; the list may go on over the following lines, up to a blank line or the docstring's
end). The map is read from the sources with :mod:`ast`, not by importing them: it costs the engine nothing at run
time, a compiled module is read like a plain one, and a module that fails to import still reports.

``tests/test_engine_rule_names.py`` holds each engine to its spec: every id named is a rule (or setup step) of
the game, and every rule is named somewhere unless its YAML says why no engine code implements it
(``not_in_engine: <reason>``: it describes components or the board, or only restates what other rules do).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

#: The line that names rules, and what may separate the ids.
RULES_LINE = re.compile(r"^\s*Rules:\s*(?P<ids>.*)$")
_SEPARATOR = re.compile(r"[,\s]+")
#: Folders of an engine package that hold no hand-written mechanics.
SKIPPED = ("generated", "templates", "__pycache__")


def named_in(docstring: str) -> list[str]:
    """The rule ids a docstring's ``Rules:`` line names, in order (none without such a line)."""
    lines = docstring.splitlines()
    for i, line in enumerate(lines):
        found = RULES_LINE.match(line)
        if found is None:
            continue
        text = [found.group("ids")]
        for more in lines[i + 1 :]:
            if not more.strip():
                break
            text.append(more)
        return [rule_id for rule_id in _SEPARATOR.split(" ".join(text).strip().rstrip(".")) if rule_id]
    return []


def rule_map(package: Path) -> dict[str, list[str]]:
    """Rule id → the functions and methods of ``package`` (an engine folder) naming it, as ``module.Class.name``."""
    found: dict[str, list[str]] = {}
    for path in sorted(package.rglob("*.py")):
        if any(part in SKIPPED for part in path.relative_to(package).parts):
            continue
        module = ".".join(path.relative_to(package).with_suffix("").parts)
        for where, docstring in _docstrings(ast.parse(path.read_text(encoding="utf-8"), str(path)), module):
            for rule_id in named_in(docstring):
                found.setdefault(rule_id, []).append(where)
    return found


def _docstrings(tree: ast.Module, prefix: str) -> list[tuple[str, str]]:
    """``(qualified name, docstring)`` of every function, method and class in ``tree``."""
    out: list[tuple[str, str]] = []

    def visit(node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                qualified = f"{name}.{child.name}"
                docstring = ast.get_docstring(child)
                if docstring:
                    out.append((qualified, docstring))
                visit(child, qualified)

    visit(tree, prefix)
    return out
