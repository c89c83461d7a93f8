"""The game's measured impact file: ``rulespec/<game>/impact.yaml``, written by ``rulespec impact GAME --write``.

The file is generated and committed, like the engine's generated modules. Per ruling it records the impact
class measured by paired bot games (none, low, medium, high), a one-line summary, whether the bots exercised the
ruling, and per reading its class and main figures; with the run's parameters and a **digest of its inputs**:
SHA-256 over the rulings (ids, defaults, every reading's params) and the sources of the game's engine and of
the measurement. The loader fills :attr:`rulespec.model.Ruling.measured` from it; ``rulespec validate`` warns
(without failing) when the file is missing, invalid, or stale because the digest no longer matches.

The file is read with the same safe YAML loader as the spec and checked against ``schemas/impact.schema.json``;
a broken file is reported by ``validate`` and otherwise ignored (the rulings then have no measurement).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from rulespec.model import MeasuredImpact, Spec
from rulespec.problems import Problem, display_path

#: The file's name in the game's spec folder.
IMPACT_FILE = "impact.yaml"

#: Runtime modules whose code decides what a sweep plays and measures (beside the whole game package).
RUNTIME_INPUTS = ("api", "bots", "chance", "registry", "simulate", "stats", "situations", "paired", "impact")

#: The command that regenerates the file (shown in messages and in the file's header).
COMMAND = "rulespec impact {game} --write"

ENGINE_ROOT = Path(__file__).resolve().parents[1] / "engine"


def impact_path(spec: Spec) -> Path:
    """Where ``spec``'s impact file lives."""
    return Path(spec.root) / IMPACT_FILE


def engine_sources(game_id: str, root: Path = ENGINE_ROOT) -> list[Path]:
    """The source files a sweep of ``game_id`` depends on: its engine package (generated modules included) and
    the runtime modules of :data:`RUNTIME_INPUTS`; empty when the game has no engine."""
    package = root / game_id
    if not package.is_dir():
        return []
    files = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    files += [root / "runtime" / f"{name}.py" for name in RUNTIME_INPUTS]
    return [f for f in files if f.is_file()]


def inputs_digest(spec: Spec, root: Path = ENGINE_ROOT) -> str:
    """SHA-256 of the rulings (ids, defaults, readings and their params) and of the engine sources."""
    digest = hashlib.sha256()
    rulings = {
        r.id: {"default": r.default, "readings": {x.id: x.params for x in r.readings.values()}} for r in spec.rulings.values()
    }
    digest.update(json.dumps(rulings, sort_keys=True, ensure_ascii=False, default=str).encode("utf-8"))
    for path in engine_sources(spec.id, root):
        digest.update(b"\0" + path.relative_to(root).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def attach_inputs(report: dict[str, Any], spec: Spec) -> None:
    """Record in ``report`` the digest of the inputs it was measured on."""
    report["digest"] = inputs_digest(spec)


# --------------------------------------------------------------------------- writing


def _figures(scope: dict[str, Any]) -> dict[str, Any]:
    """The figures a file keeps of one bot column, all player counts pooled."""
    win = scope["win"]
    largest = max(sorted(win), key=lambda k: abs(win[k]["shift"]), default=None)
    out: dict[str, Any] = {
        "pairs": scope["pairs"],
        "changed": scope["changed"],
        "situation": scope["situation"]["either"] if scope["situation"] else None,
        "score": {"shift": scope["score"]["shift"], "ci": scope["score"]["ci"]},
        "spread": {"shift": scope["spread"]["shift"], "ci": scope["spread"]["ci"]},
        "length": {"shift": scope["length"]["shift"], "ci": scope["length"]["ci"]},
    }
    if largest is not None:
        out["largest_win_shift"] = {"key": largest, "shift": win[largest]["shift"], "ci": win[largest]["ci"]}
    return out


def impact_data(report: dict[str, Any]) -> dict[str, Any]:
    """The file's content from a full report (:func:`engine.runtime.impact.analyse` plus its digest)."""
    rulings = []
    for ruling in report["rulings"]:
        readings = []
        for reading in ruling["readings"]:
            bots = {
                bot: {"class": column["class"]["class"], **_figures(column["players"]["all"])}
                for bot, column in reading["bots"].items()
            }
            readings.append({
                "id": reading["id"], "class": reading["class"], "exercised": reading["exercised"],
                "summary": reading["summary"], "bots": bots,
            })  # fmt: skip
        rulings.append({
            "id": ruling["id"], "class": ruling["class"], "exercised": ruling["exercised"],
            "summary": ruling["summary"], "situation": ruling["situation"], "readings": readings,
        })  # fmt: skip
    return {
        "game": report["game"],
        "digest": report["digest"],
        "parameters": report["parameters"],
        "thresholds": report["thresholds"],
        "rulings": rulings,
    }


def render_impact_file(report: dict[str, Any]) -> str:
    """The impact file's text: a header saying how it was made, then the data as YAML (byte-deterministic)."""
    import yaml

    command = COMMAND.format(game=report["game"])
    header = (f"# Generated by `{command}`: do not edit; run it again after changing the rulings or the engine.\n"
              "# Impact classes measured by paired bot games; see the README, \"Measuring the rulings\".\n")  # fmt: skip
    body = yaml.safe_dump(impact_data(report), sort_keys=False, allow_unicode=True, width=120, default_flow_style=None)
    return header + body


# --------------------------------------------------------------------------- reading


class ImpactFileError(ValueError):
    """An impact file that cannot be used: unreadable, not YAML, or not matching its schema."""


def read_impact_file(path: Path) -> dict[str, Any]:
    """The file's data, checked against its schema; :class:`ImpactFileError` names the file, line and field."""
    from rulespec.kinds import schema
    from rulespec.schema_check import passes_compiled_check
    from rulespec.yaml_source import YamlProblem, load_yaml

    shown = display_path(path)
    try:
        doc = load_yaml(path)
    except YamlProblem as exc:
        raise ImpactFileError(f"{shown}:{exc.line}: {exc.message}") from None
    if passes_compiled_check("impact", doc.data):
        return doc.data  # type: ignore[no-any-return]
    from jsonschema import Draft202012Validator

    errors = sorted(Draft202012Validator(schema("impact")).iter_errors(doc.data), key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        first = errors[0]
        where = "/" + "/".join(str(p) for p in first.absolute_path)
        raise ImpactFileError(f"{shown}:{doc.line_of(where)}: {where}: {first.message}")
    return doc.data  # type: ignore[no-any-return]


def measured_by_ruling(data: dict[str, Any]) -> dict[str, MeasuredImpact]:
    """Ruling id → its :class:`MeasuredImpact` from a file's data."""
    return {
        r["id"]: MeasuredImpact(
            impact_class=r["class"],
            summary=r["summary"],
            readings={x["id"]: x["class"] for x in r["readings"]},
            exercised=r["exercised"],
        )
        for r in data["rulings"]
    }


def attach_measured(spec: Spec) -> None:
    """Fill every ruling's ``measured`` from the game's impact file, where the file exists and is valid."""
    import dataclasses

    path = impact_path(spec)
    if not path.is_file() or not spec.rulings:
        return
    try:
        measured = measured_by_ruling(read_impact_file(path))
    except ImpactFileError:
        return  # `rulespec validate` reports it; the rulings stay unmeasured
    for ruling_id, ruling in spec.rulings.items():
        if ruling_id in measured:
            spec.rulings[ruling_id] = dataclasses.replace(ruling, measured=measured[ruling_id])


def check_impact_file(spec: Spec) -> list[Problem]:
    """Warnings about the impact file of a game with rulings and an engine: missing, invalid, stale or incomplete."""
    if not engine_sources(spec.id):
        return []
    path = impact_path(spec)
    shown = display_path(path)
    command = COMMAND.format(game=spec.id)

    def warn(message: str, line: int = 0) -> Problem:
        return Problem(shown, line, "", message, "impact", "warning")

    if not path.is_file():
        return [warn(f"missing: the rulings' impact is not measured; run `{command}`")] if spec.rulings else []
    try:
        data = read_impact_file(path)
    except ImpactFileError as exc:
        return [Problem(shown, 0, "", f"unusable impact file ({exc}); run `{command}`", "impact", "warning")]
    problems = []
    if data["digest"] != inputs_digest(spec):
        problems.append(warn(f"stale: the rulings or the engine changed since the impact was measured; run `{command}`"))
    missing = sorted(set(spec.rulings) - {r["id"] for r in data["rulings"]})
    if missing:
        problems.append(warn(f"rulings not measured: {', '.join(missing)}; run `{command}`"))
    return problems
