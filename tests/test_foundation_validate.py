"""`rulespec validate`: every kind of problem is reported with file, line and path, and exit codes are right."""

from __future__ import annotations

import itertools
import time
from pathlib import Path

from conftest import edit
from typer.testing import CliRunner

from cli.app import app
from rulespec.validation import validate_spec

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def problems_of(spec: Path) -> list[str]:
    _, problems = validate_spec(spec)
    return [str(p) for p in problems if p.severity == "error"]


def test_mini_spec_is_valid(mini_spec: Path) -> None:
    result = run("validate", str(mini_spec))
    assert result.exit_code == 0, result.output
    assert "valid" in result.output


def test_dangling_reference_reported_with_line(mini_spec: Path) -> None:
    edit(mini_spec / "rules" / "turn.yaml", "refs: [draw_pile]", "refs: [draw_stack]")
    errors = problems_of(mini_spec)
    assert any("draw_stack" in e and "turn.yaml:12" in e and "[references]" in e for e in errors), errors


def test_duplicate_id_reported(mini_spec: Path) -> None:
    edit(mini_spec / "rules" / "turn.yaml", "- id: end.empty_pile", "- id: turn.draw")
    errors = problems_of(mini_spec)
    assert any("duplicate id 'turn.draw'" in e for e in errors), errors


def test_deck_parts_must_sum_to_size(mini_spec: Path) -> None:
    edit(mini_spec / "components.yaml", "    size: 10", "    size: 11")
    errors = problems_of(mini_spec)
    assert any("draw_pile: size is 11 but its parts sum to 10" in e for e in errors), errors


def test_records_must_add_up_to_component_count(mini_spec: Path) -> None:
    edit(mini_spec / "components.yaml", "    count: 4\n", "    count: 5\n")
    errors = problems_of(mini_spec)
    assert any("blue_card: count is 5 but its records add up to 4" in e for e in errors), errors


def test_citation_not_in_source_is_reported(mini_spec: Path) -> None:
    edit(mini_spec / "setup.yaml", "Each player takes 3 Coins", "Each player takes 4 Coins")
    result = run("validate", str(mini_spec))
    assert result.exit_code == 1
    assert "quote not found in en" in result.output
    assert "setup.yaml:8" in result.output


def test_hyphenated_word_can_be_quoted_whole(mini_spec: Path) -> None:
    # The German source breaks "bezah-\nlen" across lines; quoting it whole must match.
    edit(mini_spec / "rules" / "turn.yaml", '"Du darfst 2 Münzen bezahlen"', '"Du darfst 2 Münzen bezahlen, um eine"')
    assert run("validate", str(mini_spec)).exit_code == 0


def test_glossary_needs_a_term_for_every_edition(mini_spec: Path) -> None:
    edit(mini_spec / "glossary.yaml", "      de: {term: Münze, plural: Münzen, gender: f}\n", "")
    errors = problems_of(mini_spec)
    assert any("concept 'coin' has no term for edition(s) de" in e for e in errors), errors


def test_every_edition_must_be_cited_or_silent(mini_spec: Path) -> None:
    edit(mini_spec / "components.yaml", '    citations: {en: "1 Board", de: "1 Spielplan"}',
         '    citations: {en: "1 Board"}')
    errors = problems_of(mini_spec)
    assert any("board: no citation for edition(s) de" in e for e in errors), errors


def test_summary_slots_must_name_params(mini_spec: Path) -> None:
    edit(mini_spec / "setup.yaml", "takes {coins}", "takes {coin_count}")
    errors = problems_of(mini_spec)
    assert any("{coin_count} is not a param" in e for e in errors), errors


def test_unmarked_value_is_an_error(mini_spec: Path) -> None:
    edit(mini_spec / "components.yaml",
         "    provenance: {kind: assumed, reason: \"printed on the card; no text states it\"}\n    attributes: {value: 2}",
         "    attributes: {value: 2}")
    errors = problems_of(mini_spec)
    assert any("components.yaml:32" in e and "[provenance]" in e for e in errors), errors


def test_schema_errors_name_file_line_and_path(mini_spec: Path) -> None:
    edit(mini_spec / "rules" / "turn.yaml", "    title: Draw\n", "    title: Draw\n    colour: red\n")
    edit(mini_spec / "components.yaml", "    count: 12", "    count: twelve")
    result = run("validate", str(mini_spec))
    assert result.exit_code == 1
    assert "turn.yaml:4: /rules/0/colour unknown field(s) ('colour' was unexpected)" in result.output
    assert "components.yaml:11: /components/1/count 'twelve' is not a valid value" in result.output
    # Every problem is reported, not only the first.
    assert result.output.count("error:") >= 2


def test_duplicate_key_and_syntax_errors(mini_spec: Path) -> None:
    edit(mini_spec / "setup.yaml", "    order: 1\n", "    order: 1\n    order: 2\n")
    edit(mini_spec / "glossary.yaml", "kind: resource", "kind: [resource")
    result = run("validate", str(mini_spec))
    assert result.exit_code == 1
    assert "setup.yaml:4: duplicate key 'order' (first at line 3)" in result.output
    assert "glossary.yaml" in result.output and "YAML syntax" in result.output
    assert "Traceback" not in result.output


def test_alias_bomb_rejected_fast(mini_spec: Path) -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghij"
    for prev, name in itertools.pairwise(names):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    (mini_spec / "glossary.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    started = time.perf_counter()
    result = run("validate", str(mini_spec))
    elapsed = time.perf_counter() - started
    assert result.exit_code == 1
    assert "aliases (*name) are not allowed" in result.output
    assert elapsed < 1.0


def test_missing_source_is_an_io_error(mini_spec: Path, tmp_path: Path) -> None:
    result = run("validate", str(mini_spec), "--edition", f"de={tmp_path / 'nope.txt'}")
    assert result.exit_code == 2
    assert "file not found" in result.output
    assert "Traceback" not in result.output


def test_unknown_game_and_bad_override_are_usage_errors(mini_spec: Path) -> None:
    assert run("validate", "no_such_game").exit_code == 2
    result = run("validate", str(mini_spec), "--edition", "de")
    assert result.exit_code == 2 and "ID=PATH" in result.output


def test_suspect_citation_after_source_change(mini_spec: Path, tmp_path: Path) -> None:
    assert run("stamp", str(mini_spec)).exit_code == 0
    assert (mini_spec / "citations.lock").is_file()
    assert run("validate", str(mini_spec)).exit_code == 0
    # Change the paragraph around a cited quote, but not the quote itself.
    edit(tmp_path / "sources" / "mini.en.txt", "draw 1 Card. You may pay 2 Coins", "draw 1 Card. You must pay 2 Coins")
    result = run("validate", str(mini_spec))
    assert result.exit_code == 1
    assert "turn.draw: suspect" in result.output
    assert run("stamp", str(mini_spec)).exit_code == 0
    assert run("validate", str(mini_spec)).exit_code == 0


def test_provenance_report_counts_categories(mini_spec: Path) -> None:
    result = run("validate", str(mini_spec), "--provenance")
    assert result.exit_code == 0
    row = next(line for line in result.output.splitlines() if "total" in line)
    numbers = [int(n) for n in row.replace("│", " ").split() if n.isdigit()]
    assert numbers == [9, 0, 1, 3, 0]  # sourced, example, inferred, assumed, unmarked


def test_keys_stay_text_even_when_yaml_1_1_reads_them_as_booleans(tmp_path: Path) -> None:
    from rulespec.yaml_source import load_yaml

    path = tmp_path / "a.yaml"
    path.write_text("on: board\nno: 3\nyes: [on]\n", encoding="utf-8")
    assert load_yaml(path).data == {"on": "board", "no": 3, "yes": [True]}


def test_scalar_alias_and_merge_key_are_refused(tmp_path: Path) -> None:
    from rulespec.yaml_source import YamlProblem, load_yaml

    for text, expected in (("a: &x 1\nb: *x\n", "aliases"), ("base: &b {x: 1}\nc:\n  <<: *b\n", "")):
        path = tmp_path / "a.yaml"
        path.write_text(text, encoding="utf-8")
        try:
            load_yaml(path)
        except YamlProblem as exc:
            assert expected in exc.message
        else:
            raise AssertionError(f"accepted {text!r}")


def test_messages_name_the_override_file(mini_spec: Path, tmp_path: Path) -> None:
    draft = tmp_path / "draft.de.txt"
    draft.write_text((tmp_path / "sources" / "mini.de.txt").read_text().replace("3 Münzen", "4 Münzen"), encoding="utf-8")
    result = run("validate", str(mini_spec), "--edition", f"de={draft}")
    assert result.exit_code == 1
    assert "draft.de.txt" in result.output and "mini.de.txt" not in result.output


def test_stamp_refuses_quotes_that_are_not_found(mini_spec: Path) -> None:
    edit(mini_spec / "setup.yaml", "Each player takes 3 Coins", "Each player takes 4 Coins")
    result = run("stamp", str(mini_spec))
    assert result.exit_code == 1 and "nothing written" in result.output
    assert not (mini_spec / "citations.lock").exists()
