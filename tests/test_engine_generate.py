"""The engine is generated from the spec: committed tables are current, rendering is deterministic, and a
changed spec value changes play (the link between spec and engine is real)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.generate import ENGINE_ROOT, load_generated, pyrepr, render
from engine.race_to_the_new_found_land.game import RaceGame
from engine.race_to_the_new_found_land.scenario import Scenario
from engine.runtime.api import GameConfig
from rulespec.model import load_spec

GAME = "race_to_the_new_found_land"
REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "rulespec" / GAME


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def spec_copy(tmp_path: Path) -> Path:
    target = tmp_path / GAME
    shutil.copytree(SPEC, target)
    return target


def generated_from(spec_dir: Path, out: Path) -> object:
    files = render(load_spec(spec_dir), out_dir=out)
    out.mkdir(parents=True, exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    return load_generated(out, name=f"gen_{abs(hash(str(out)))}")


def test_committed_generated_files_are_current() -> None:
    files = render(load_spec(GAME))
    assert files, "the game has templates"
    for path, text in files.items():
        assert path.parent == ENGINE_ROOT / GAME / "generated"
        assert path.read_text(encoding="utf-8") == text, f"{path.name} is stale: run `rulespec generate engine {GAME}`"


def test_render_is_deterministic_and_timestamp_free() -> None:
    spec = load_spec(GAME)
    a, b = render(spec), render(load_spec(GAME))
    assert a == b
    for text in a.values():
        assert "2026" not in text and "generated at" not in text.lower()


def test_pyrepr_sorts_keys_and_round_trips() -> None:
    value = {"b": [1, (2, 3)], "a": {"z": None, "y": "x"}}
    text = pyrepr(value)
    assert text.index("'a'") < text.index("'b'")
    assert eval(text) == {"b": (1, (2, 3)), "a": {"z": None, "y": "x"}}


def test_changed_income_changes_the_engine(spec_copy: Path, tmp_path: Path) -> None:
    """land.income cloth 1 → 3 in a copy of the spec: the start player's first land phase yields 3 cloth."""
    edit(spec_copy / "rules" / "20_land.yaml", "      cloth: 1\n      wood: 1", "      cloth: 3\n      wood: 1")
    gen = generated_from(spec_copy, tmp_path / "gen")
    base = Scenario(3, seed=4).state  # past setup, at the start player's first land decision
    changed = Scenario(3, seed=4, generated=gen).state
    assert base.stage == changed.stage == 0  # the land phase
    cloth = base.T.goods.index("good.cloth")
    p = base.cur
    assert changed.cur == p
    assert changed.goods[p][cloth] == base.goods[p][cloth] + 2


def test_changed_large_ship_cost_changes_legal_builds(spec_copy: Path, tmp_path: Path) -> None:
    faces = spec_copy / "components" / "faces_ships.yaml"
    edit(faces, "cost: [good.wood, good.cloth, good.iron, good.iron]}}", "cost: [good.gold, good.gold, good.gold, good.gold]}}")
    gen = generated_from(spec_copy, tmp_path / "gen")
    base = Scenario(3, seed=1).clear()
    changed = Scenario(3, seed=1, generated=gen).clear()
    l02 = "ship.large.l02"
    assert base.T.ships[base.T.ship_index[l02]].cost != changed.T.ships[changed.T.ship_index[l02]].cost
    for sc in (base, changed):
        sc.start_player(0)
        sc._take_ship(sc.T.ship_index[l02])
        sc.state.large_market[0] = sc.T.ship_index[l02]
        sc.goods(0, wood=1, cloth=1 - sc.T.income[0], iron=2)
        sc.state.goods[0][sc.T.goods.index("good.wood")] -= sc.T.income[1]
        sc.run("land")

    def builds(sc: Scenario) -> set[str]:  # l02 lies on the first large-market space
        return {str(a) for a in sc.state.legal_actions() if a.kind == "build" and a.get("space") == "market.large_ships.p1"}

    assert builds(base) and not builds(changed)


def test_changed_frame_marker_space_changes_when_it_triggers(spec_copy: Path, tmp_path: Path) -> None:
    edit(spec_copy / "components" / "frame_markers.yaml", "      start_space: 15\n", "      start_space: 12\n")
    gen = generated_from(spec_copy, tmp_path / "gen")
    for generated, expect in ((None, False), (gen, True)):
        sc = Scenario(3, edition="en", generated=generated).clear()
        sc.state.score[0] = 10
        sc.state.gain(0, 3)  # 10 → 13
        assert (1 in sc.state.pending[0]) is expect


def test_edition_readings_come_from_the_generated_tables(spec_copy: Path, tmp_path: Path) -> None:
    """Edition readings are generated too: the original's reading of contract refills flips with the spec."""
    gen = generated_from(spec_copy, tmp_path / "gen")
    game = RaceGame(GameConfig(GAME, 3, edition="en"), generated=gen)
    assert game.tables.contract_refill_immediate is True
    game = RaceGame(GameConfig(GAME, 3, edition="de"), generated=gen)
    assert game.tables.contract_refill_immediate is False
    game = RaceGame(GameConfig(GAME, 3, edition="de", rulings={"contract_refill_timing": "after_each_contract"}), generated=gen)
    assert game.tables.contract_refill_immediate is True


def test_unknown_ruling_or_edition_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown edition"):
        RaceGame(GameConfig(GAME, 3, edition="xx"))
    with pytest.raises(ValueError, match="has no reading"):
        RaceGame(GameConfig(GAME, 3, rulings={"gold_substitute": "sometimes"}))
    with pytest.raises(ValueError, match="players"):
        RaceGame(GameConfig(GAME, 5))


def test_spec_sequence_the_engine_does_not_implement_is_refused(spec_copy: Path, tmp_path: Path) -> None:
    """The generated enums carry the spec's action order; an order the flow does not implement is an error."""
    from engine.race_to_the_new_found_land.tables import SpecValueError

    edit(
        spec_copy / "rules" / "10_overview.yaml",
        "actions: [load, settle, deliver, discover]",
        "actions: [settle, load, deliver, discover]",
    )
    gen = generated_from(spec_copy, tmp_path / "gen")
    assert [a.value for a in gen.enums.ActionKind] == ["settle", "load", "deliver", "discover"]
    with pytest.raises(SpecValueError, match="ActionKind"):
        RaceGame(GameConfig(GAME, 3), generated=gen)
