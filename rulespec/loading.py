"""From a game folder to a :class:`~rulespec.model.Spec`: parse every file, check it against its schema, build.

Parsing and schema checks go on through every file so that a user sees every problem at once; the model is
only built when no file has an error.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulespec import SPECS_DIR
from rulespec.kinds import KINDS, LIST_KEYS, kind_files, stray_files
from rulespec.model import (
    Aid,
    AidBlock,
    AidLine,
    Area,
    Component,
    Concept,
    Deck,
    Edition,
    NotRule,
    Origin,
    Reading,
    Record,
    Rule,
    Ruling,
    Space,
    Spec,
    Table,
    Term,
    Variant,
    plain,
)
from rulespec.problems import Problem, display_path
from rulespec.yaml_source import YamlDocument, YamlProblem, load_yaml


class UnknownGame(LookupError):
    """Neither a spec folder nor the id of a bundled game."""


def looks_like_path(game: str | Path) -> bool:
    """Whether ``game`` names a folder rather than a game id: a :class:`~pathlib.Path`, or text with a path
    separator or a leading dot (``./x``, ``x/``, ``../specs/x``, ``/abs/x``).

    A bare name is always a game id, even when a folder of that name happens to be in the working directory
    (``rulespec build`` itself writes ``rulespec-build/<game>/``): the bundled game must not be shadowed by
    whatever the current directory holds.
    """
    if isinstance(game, Path):
        return True
    return game.startswith(".") or "/" in game or os.sep in game or (os.altsep is not None and os.altsep in game)


def resolve_folder(game: str | Path) -> Path:
    """The spec folder for a game id (``race_to_the_new_found_land``) or a path to a folder (see
    :func:`looks_like_path`). A game id inside a checkout of rulespec other than the one running means that
    checkout's spec (see :func:`checkout_specs`)."""
    if looks_like_path(game):
        candidate = Path(game)
        try:
            if candidate.is_dir():
                return candidate.resolve()
            if candidate.exists():
                raise UnknownGame(f"{game}: not a folder (a spec is a folder holding game.yaml)")
        except OSError as exc:
            raise UnknownGame(f"{game}: cannot use this path ({exc.strerror})") from None
        raise UnknownGame(f"{game}: no such spec folder")
    specs = checkout_specs() or SPECS_DIR
    if _GAME_ID.fullmatch(game) and (specs / game / "game.yaml").is_file():
        return specs / game
    known = ", ".join(bundled_games()) or "none"
    hint = (f"; the folder of that name here is written ./{game}" if _GAME_ID.fullmatch(game) and Path(game).is_dir()
            else "; a spec folder is written as a path, e.g. ./my_game")
    raise UnknownGame(f"no spec folder or bundled game {game!r} (bundled games: {known}){hint}")


#: What a game id looks like (a path never does: see :func:`looks_like_path`).
_GAME_ID = re.compile(r"[a-z][a-z0-9_]{0,63}")


def checkout_specs(start: Path | None = None) -> Path | None:
    """The spec folder of the rulespec checkout the working directory is in, when that checkout is not the
    copy of rulespec running (an installed copy run from a clone: ``pip install .`` rather than ``-e .``);
    else None. Inside a checkout, game ids mean *its* specs, the files the user is editing."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() and (folder / "rulespec" / "__init__.py").is_file():
            specs = folder / "rulespec"
            try:
                same = specs.samefile(SPECS_DIR)
            except OSError:
                same = False
            return None if same else specs
    return None


def copy_note(folder: Path) -> str | None:
    """A note saying which copy of a bundled spec a command acts on, when that is not the obvious one: this
    checkout's spec while an installed rulespec runs."""
    specs = checkout_specs()
    if specs is None or folder.parent != specs:
        return None
    return (f"acting on this checkout's spec {display_path(folder)}; the rulespec running is installed at "
            f"{SPECS_DIR.parent} (`pip install -e .` in the checkout makes them one)")


def bundled_games() -> list[str]:
    """Ids of the games whose specs ship with rulespec (this checkout's, inside a checkout: see
    :func:`checkout_specs`)."""
    specs = checkout_specs() or SPECS_DIR
    return sorted(p.name for p in specs.iterdir() if (p / "game.yaml").is_file())


#: Environment variable naming the game commands use when none is given.
GAME_ENV = "RULESPEC_GAME"


def default_game(candidates: list[str] | None = None) -> str:
    """The game a command uses when the user names none: ``$RULESPEC_GAME``, else the only candidate
    (by default, the only bundled game). Raises :class:`UnknownGame` asking for a name when it is ambiguous."""
    import os

    if os.environ.get(GAME_ENV):
        return os.environ[GAME_ENV]
    games = bundled_games() if candidates is None else candidates
    if len(games) == 1:
        return games[0]
    raise UnknownGame(f"name a game ({', '.join(games) or 'none'}), or set {GAME_ENV}")


@dataclass
class Loaded:
    """Documents of a game folder, the problems found so far, and the model when there were no errors."""

    folder: Path
    documents: dict[str, list[YamlDocument]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    spec: Spec | None = None

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]


def load_documents(game: str | Path) -> Loaded:
    """Parse and schema-check every file of ``game``; build the model if all is well."""
    from rulespec.schema_check import check_document

    folder = resolve_folder(game)
    loaded = Loaded(folder=folder)
    files = kind_files(folder)
    if not files["game"]:
        loaded.problems.append(Problem(display_path(folder / "game.yaml"), 0, "", "missing: every game needs game.yaml", "files"))
    for stray in stray_files(folder):
        loaded.problems.append(
            Problem(display_path(stray), 0, "", "file belongs to no spec kind (expected <kind>.yaml or <kind>/*.yaml "
                    f"with kind one of {', '.join(KINDS)})", "files", "warning")
        )
    for kind in KINDS:
        docs = []
        for path in files[kind]:
            shown = display_path(path)
            try:
                doc = load_yaml(path)
            except YamlProblem as exc:
                loaded.problems.append(Problem(shown, exc.line, "", exc.message, "yaml"))
                continue
            if doc.data is None:
                doc.data = {}
            schema_problems = check_document(kind, doc, shown)
            loaded.problems.extend(schema_problems)
            if not schema_problems:
                docs.append(doc)
        loaded.documents[kind] = docs
    if not loaded.errors:
        loaded.spec = build_spec(folder, loaded.documents)
    return loaded


def _origin(doc: YamlDocument, path: str) -> Origin:
    return Origin(display_path(doc.path), doc.line_of(path), path, doc.lines)


def _items(docs: list[YamlDocument], key: str) -> list[tuple[YamlDocument, str, dict[str, Any]]]:
    """``(document, json path, item)`` of every entry of list ``key`` across a kind's documents."""
    return [(doc, f"/{key}/{i}", item) for doc in docs for i, item in enumerate(doc.data.get(key, []) or [])]


def _rule(doc: YamlDocument, path: str, item: dict[str, Any]) -> Rule:
    return Rule(
        id=item["id"],
        title=item["title"],
        summary=item["summary"],
        origin=_origin(doc, path),
        file=doc.path.name,
        order=item.get("order"),
        params=plain(item.get("params", {})),
        refs=tuple(item.get("refs", ())),
        ruling=item.get("ruling"),
        variant=item.get("variant"),
        tags=tuple(item.get("tags", ())),
        not_in_engine=item.get("not_in_engine"),
        citations=item["citations"],
    )


def _aid_line(doc: YamlDocument, path: str, item: dict[str, Any]) -> AidLine:
    return AidLine(
        rules=tuple(item["rules"]), origin=_origin(doc, path), label=item.get("label", ""),
        text=item.get("text", ""), slots=dict(item.get("slots", {})),
        readings={ruling: dict(lines) for ruling, lines in item.get("readings", {}).items()},
        steps=tuple(_aid_line(doc, f"{path}/steps/{i}", step) for i, step in enumerate(item.get("steps", []))),
    )


def _aid(doc: YamlDocument) -> Aid:
    """The player aid of ``aid.yaml`` (see ``schemas/aid.schema.json``)."""
    data = doc.data
    blocks = []
    for i, block in enumerate(data.get("reference", [])):
        path = f"/reference/{i}"
        blocks.append(AidBlock(
            title=block["title"], origin=_origin(doc, path), scoring=block.get("scoring", False),
            lines=tuple(_aid_line(doc, f"{path}/lines/{j}", row) for j, row in enumerate(block.get("lines", []))),
            table=block.get("table"),
            note=_aid_line(doc, f"{path}/note", block["note"]) if "note" in block else None,
        ))
    return Aid(
        spine=_aid_line(doc, "/spine", data["spine"]), origin=_origin(doc, ""),
        setup=tuple(_aid_line(doc, f"/setup/{i}", line) for i, line in enumerate(data.get("setup", []))),
        reference=tuple(blocks),
    )


def build_spec(folder: Path, documents: dict[str, list[YamlDocument]]) -> Spec:
    """Build the model from schema-valid documents."""
    game = documents["game"][0].data
    spec = Spec(
        id=game["id"],
        title=game["title"],
        root=folder,
        players_min=game["players"]["min"],
        players_max=game["players"]["max"],
        default_edition=game["default_edition"],
        summary_languages=tuple(game["summary_languages"]),
        designers=tuple(game.get("designers", ())),
    )
    for item in game["editions"]:
        spec.editions[item["id"]] = Edition(
            id=item["id"], language=item["language"], name=item["name"], source=item["source"],
            original=item.get("original", False), has_supplement=item.get("has_supplement", False),
            publisher=item.get("publisher", ""), year=item.get("year"),
        )
    comps = documents.get("components", [])
    for doc, path, item in _items(comps, "components"):
        spec.components[item["id"]] = Component(
            id=item["id"], name=item["name"], kind=item["kind"], count=plain(item["count"]),
            origin=_origin(doc, path), concept=item.get("concept"), part_of=item.get("part_of"),
            attributes=plain(item.get("attributes", {})), refs=tuple(item.get("refs", ())),
            citations=item["citations"],
        )
    for doc, path, item in _items(comps, "records"):
        spec.records[item["id"]] = Record(
            id=item["id"], component=item["component"], origin=_origin(doc, path), name=item.get("name", ""),
            count=item.get("count", 1), attributes=plain(item.get("attributes", {})),
            citations=item.get("citations", {}),
        )
    for doc, path, item in _items(comps, "decks"):
        spec.decks[item["id"]] = Deck(
            id=item["id"], name=item["name"], size=item["size"],
            parts=tuple((p["component"], p["count"]) for p in item["parts"]), origin=_origin(doc, path),
            citations=item["citations"],
        )
    board = documents.get("board", [])
    for doc, path, item in _items(board, "areas"):
        spec.areas[item["id"]] = Area(
            id=item["id"], name=item["name"], kind=item["kind"], origin=_origin(doc, path), on=item.get("on"),
            concept=item.get("concept"), attributes=plain(item.get("attributes", {})),
            spaces=tuple(Space(s["id"], plain(s.get("attributes", {}))) for s in item.get("spaces", [])),
            refs=tuple(item.get("refs", ())), citations=item["citations"],
        )
    for doc, path, item in _items(board, "tables"):
        spec.tables[item["id"]] = Table(
            id=item["id"], title=item["title"], columns=tuple(item["columns"]),
            rows=tuple(tuple(plain(row)) for row in item["rows"]), origin=_origin(doc, path),
            refs=tuple(item.get("refs", ())), citations=item["citations"],
        )
    spec.setup = sorted(
        (_rule(doc, path, item) for doc, path, item in _items(documents.get("setup", []), "steps")),
        key=lambda r: r.order or 0,
    )
    rules = documents.get("rules", [])
    for doc, path, item in _items(rules, "variants"):
        spec.variants[item["id"]] = Variant(
            id=item["id"], title=item["title"], origin=_origin(doc, path), summary=item.get("summary", ""),
            citations=item["citations"],
        )
    for doc, path, item in _items(rules, "rules"):
        spec.rules[item["id"]] = _rule(doc, path, item)
    for doc, path, item in _items(documents.get("glossary", []), "concepts"):
        terms = {
            key: Term(
                term=t["term"], plural=t.get("plural", ""), variants=tuple(t.get("variants", ())),
                forms=tuple(t.get("forms", ())), gender=t.get("gender"),
                project_translation=t.get("project_translation", False), note=t.get("note", ""),
                cases=dict(t.get("cases", {})),
            )
            for key, t in item["terms"].items()
        }
        spec.concepts[item["id"]] = Concept(
            id=item["id"], kind=item["kind"], origin=_origin(doc, path), terms=terms,
            definition=item.get("definition", ""), refs=tuple(item.get("refs", ())),
        )
    for doc, path, item in _items(documents.get("rulings", []), "rulings"):
        readings = {
            r["id"]: Reading(
                id=r["id"], editions=tuple(r["editions"]), summary=r["summary"], params=plain(r["params"]),
                citations=r.get("citations", {}),
            )
            for r in item["readings"]
        }
        spec.rulings[item["id"]] = Ruling(
            id=item["id"], rules=tuple(item["rules"]), question=item["question"], readings=readings,
            default=item["default"], reason=item["reason"], origin=_origin(doc, path),
        )
    for doc, path, item in _items(documents.get("not_rules", []), "passages"):
        spec.not_rules.append(
            NotRule(edition=item["edition"], quote=item["quote"], kind=item["kind"], reason=item["reason"],
                    origin=_origin(doc, path), until=item.get("until"))
        )
    if documents.get("aid"):
        spec.aid = _aid(documents["aid"][0])
    from rulespec.impact_file import attach_measured

    attach_measured(spec)  # the measured impact of each ruling, from the generated impact.yaml (when there is one)
    return spec


__all__ = ["LIST_KEYS", "Loaded", "UnknownGame", "bundled_games", "checkout_specs", "copy_note", "load_documents",
           "looks_like_path", "resolve_folder"]
