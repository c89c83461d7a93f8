"""The held-out look-up sets' checker refuses ids the spec does not define, on synthetic sets only.

The checker lives next to the held-out sets (``benchmarks/data/heldout/check_lookup_questions.py``); these tests
load it by path and feed it questions written here, so no held-out question is read or shown.
"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

CHECKER = Path(__file__).resolve().parents[1] / "benchmarks" / "data" / "heldout" / "check_lookup_questions.py"


@pytest.fixture(scope="module")
def checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_lookup_questions", CHECKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    # dataclasses look their module up in sys.modules while the module runs
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "questions.yaml"
    path.write_text("questions:\n" + body, encoding="utf-8")
    return path


def test_a_valid_set_passes_and_is_counted(checker: ModuleType, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, """\
  - q: "how much income"
    lang: en
    game: race_to_the_new_found_land
    expect: [land.income]
  - q: "purple banana"
    lang: en
    game: race_to_the_new_found_land
    expect: []
  - q: "Startmarker"
    lang: de
    game: francis_drake
    expect: [setup.scoring_markers]
""")
    assert checker.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "race_to_the_new_found_land   en:   2 questions, 1 expect no match" in out
    assert "francis_drake                de:   1 questions, 0 expect no match" in out


def test_unknown_ids_repeats_and_bad_fields_are_named_with_their_line(checker: ModuleType, tmp_path: Path) -> None:
    path = write(tmp_path, """\
  - q: "income"
    lang: en
    game: race_to_the_new_found_land
    expect: [land.income, land.incom, land.income]
  - q: "Income"
    lang: fr
    game: francis_drake
    expect: [land.income]
  - q: "x"
    lang: en
    game: no_such_game
    expect: []
""")
    questions, shape = checker.read_questions(path)
    problems = shape + checker.id_problems(path, questions)
    assert f"{path}:6: field 'lang' is 'fr', expected one of en, de, nl" in problems
    assert f"{path}:2: field 'expect': 'land.incom' is no rule or setup step of race_to_the_new_found_land" in problems
    assert f"{path}:2: field 'expect' lists 'land.income' 2 times" in problems
    assert f"{path}:6: field 'q' repeats the question of line 2: 'Income'" in problems
    # a rule of the other game is not an answer for this one
    assert f"{path}:6: field 'expect': 'land.income' is no rule or setup step of francis_drake" in problems
    assert f"{path}:10: field 'game': no valid spec for 'no_such_game'" in problems
    assert checker.main([str(path)]) == 1


def test_a_file_that_is_no_question_list_is_refused(checker: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "questions.yaml"
    path.write_text("- q: loose\n", encoding="utf-8")
    assert checker.read_questions(path) == ([], [f"{path}: top level must be a mapping with a 'questions' list"])
    assert checker.main([str(tmp_path / "missing.yaml")]) == 1
