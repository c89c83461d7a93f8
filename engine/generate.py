"""Render a game's engine tables from its spec through Jinja templates (game-agnostic).

Every ``engine/<game>/templates/<name>.j2`` is rendered with the spec model in the context into
``engine/<game>/generated/<name>``. The output is byte-deterministic: no timestamps, sorted iteration, and
Python literals printed by :func:`pyrepr` (sorted dict keys). The hand-written mechanics of a game read these
generated values and never repeat a number of the rules.

``rulespec generate engine GAME [--check]`` writes :func:`render`'s result; tests render into a temporary
folder (``out_dir``) and load it with :func:`load_generated` to prove that a changed spec changes play.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

ENGINE_ROOT = Path(__file__).resolve().parent


def pyrepr(value: Any, indent: int = 0) -> str:
    """A Python literal for plain data: dict keys sorted, one item per line when long, stable across runs."""
    flat = _flat(value)
    if len(flat) + indent <= 100:
        return flat
    pad = " " * (indent + 4)
    if isinstance(value, dict):
        items = [f"{pad}{_flat(k)}: {pyrepr(v, indent + 4)}," for k, v in sorted(value.items(), key=_key)]
        return "{\n" + "\n".join(items) + "\n" + " " * indent + "}"
    if isinstance(value, (list, tuple)):
        items = [f"{pad}{pyrepr(v, indent + 4)}," for v in value]
        return "(\n" + "\n".join(items) + "\n" + " " * indent + ")"
    return flat


def _key(item: tuple[Any, Any]) -> str:
    return str(item[0])


def _flat(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flat(k)}: {_flat(v)}" for k, v in sorted(value.items(), key=_key)) + "}"
    if isinstance(value, (list, tuple)):
        inner = ", ".join(_flat(v) for v in value)
        return "(" + inner + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, (bool, int, float, str)) or value is None:
        return repr(value)
    raise TypeError(f"cannot render {type(value).__name__} as a literal: {value!r}")


def _environment(template_dir: Path) -> Any:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["py"] = pyrepr
    env.filters["pyname"] = lambda s: "".join(c if c.isalnum() else "_" for c in str(s)).upper()
    return env


def template_dir(game_id: str) -> Path:
    """Where a game's templates live."""
    return ENGINE_ROOT / game_id / "templates"


def render(spec: Any, out_dir: Path | None = None) -> dict[Path, str]:
    """Render every template of ``spec``'s engine: absolute output path → file content.

    ``out_dir`` replaces the default ``engine/<spec.id>/generated`` (tests render into a temp folder).
    A game without templates renders nothing.
    """
    source = template_dir(spec.id)
    if not source.is_dir():
        return {}
    target = (out_dir or ENGINE_ROOT / spec.id / "generated").resolve()
    env = _environment(source)
    context = {"spec": spec, "game_id": spec.id}
    out: dict[Path, str] = {}
    for path in sorted(source.glob("*.j2")):
        out[target / path.name[: -len(".j2")]] = env.get_template(path.name).render(**context)
    return out



def load_generated(directory: Path, name: str = "generated_tables") -> types.ModuleType:
    """Import the generated ``*.py`` modules of ``directory`` as one package object (for tests and tools).

    The returned module has one attribute per generated module (``tables.rules.PARAMS`` …).
    """
    package = types.ModuleType(name)
    package.__path__ = [str(directory)]
    for path in sorted(directory.glob("*.py")):
        if path.name == "__init__.py":
            continue
        mod_name = f"{name}.{path.stem}"
        spec = importlib.util.spec_from_file_location(mod_name, path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot load {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = module
        spec.loader.exec_module(module)
        setattr(package, path.stem, module)
    return package
