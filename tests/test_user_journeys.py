"""End-to-end user journeys through the `rulespec` command line, run as a user runs them (a subprocess).

Each test is one journey of a real user — a rules editor breaking a copy of the spec, a player looking a rule up or
replaying a game, a publisher auditing a draft translation — and checks what that user relies on: the exit code
(0 success, 1 invalid/findings, 2 usage or I/O error), that the message names the file, line or edition at fault,
and that no traceback ever reaches the terminal. Expected values are derived from the spec or from the input the
test itself builds, never copied from the program's output.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
GAME = "race_to_the_new_found_land"
SPEC = REPO / "rulespec" / GAME


def _sources() -> Path | None:
    """The real rulebook texts: $RULESPEC_SOURCES, else ../shared/sources beside the repository."""
    env = os.environ.get("RULESPEC_SOURCES")
    folder = Path(env) if env else REPO.parent / "shared" / "sources"
    return folder if (folder / f"{GAME}.de.txt").is_file() else None


SOURCES = _sources()
pytestmark = pytest.mark.skipif(SOURCES is None, reason="the real rulebook texts are not available")


def rulespec(
    *args: str, stdin: str | None = None, columns: int = 200, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """Run the CLI of this working tree as a user would, with the real sources, in a terminal ``columns`` wide."""
    env = dict(os.environ, RULESPEC_SOURCES=str(SOURCES), COLUMNS=str(columns))
    return subprocess.run(
        [sys.executable, "-c", "from cli.app import main; main()", *args],
        cwd=REPO, env=env, input=stdin, capture_output=True, text=True, timeout=timeout,
    )


def assert_no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    """Bad input must be reported in a sentence, never as a Python traceback."""
    assert "Traceback (most recent call last)" not in result.stdout + result.stderr


def spec_copy(tmp_path: Path) -> Path:
    """A scratch copy of the bundled spec that a rules editor can break."""
    target = tmp_path / GAME
    shutil.copytree(SPEC, target)
    return target


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- rules editor: validate -------------------------------------------------------------------------------------


def test_validate_bundled_games_succeeds() -> None:
    result = rulespec("validate")
    assert result.returncode == 0, result.stdout + result.stderr
    for game in ("race_to_the_new_found_land", "francis_drake"):
        assert game in result.stdout


def test_validate_names_file_line_and_the_misspelt_reference(tmp_path: Path) -> None:
    spec = spec_copy(tmp_path)
    rules = spec / "rules" / "61_settle.yaml"
    lines = rules.read_text(encoding="utf-8").splitlines()
    line_no = next(i for i, line in enumerate(lines, 1) if line.strip().startswith("refs:") and "tile.island" in line)
    replace_once(rules, lines[line_no - 1], lines[line_no - 1].replace("tile.island", "tile.islnd"))
    result = rulespec("validate", str(spec))
    assert result.returncode == 1
    assert_no_traceback(result)
    assert f"61_settle.yaml:{line_no}" in result.stdout + result.stderr
    assert "tile.islnd" in result.stdout + result.stderr


def test_validate_reports_a_quote_that_is_not_in_the_rulebook(tmp_path: Path) -> None:
    spec = spec_copy(tmp_path)
    rules = spec / "rules" / "61_settle.yaml"
    text = rules.read_text(encoding="utf-8")
    quote = "Beim Siedeln betrachtest du die Zahlen auf dem Personensymbol."
    assert quote in text and quote in (SOURCES / f"{GAME}.de.txt").read_text(encoding="utf-8")
    replace_once(rules, quote, quote.replace("Zahlen", "Zahl"))
    result = rulespec("validate", str(spec))
    out = result.stdout + result.stderr
    assert result.returncode == 1
    assert_no_traceback(result)
    assert "61_settle.yaml:" in out and "de" in out and "die Zahl auf" in out


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("    refs: [tile.island, piece.marker]\n", "    refs: [tile.island, piece.marker\n"),  # unclosed flow list
        ("    title: Settler value 1\n", "\ttitle: Settler value 1\n"),  # a tab
    ],
)
def test_validate_reports_broken_yaml_with_file_and_line(tmp_path: Path, old: str, new: str) -> None:
    spec = spec_copy(tmp_path)
    replace_once(spec / "rules" / "61_settle.yaml", old, new)
    result = rulespec("validate", str(spec))
    assert result.returncode == 1
    assert_no_traceback(result)
    assert "61_settle.yaml:" in result.stdout + result.stderr


def test_validate_unknown_game_is_a_usage_error() -> None:
    result = rulespec("validate", "no_such_game_here")
    assert result.returncode == 2
    assert_no_traceback(result)
    assert "no_such_game_here" in result.stdout + result.stderr


def test_trace_json_lists_every_edition_of_the_game() -> None:
    import yaml

    editions = [e["id"] for e in yaml.safe_load((SPEC / "game.yaml").read_text(encoding="utf-8"))["editions"]]
    result = rulespec("trace", GAME, "--json")
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert sorted(row["edition"] for row in rows) == sorted(editions)
    for row in rows:
        assert row["cited"] + row["exempt"] + len(row["uncovered"]) == row["sentences"]
        assert 0.0 <= row["coverage"] <= 1.0


# --- player: play, replay, look-up ------------------------------------------------------------------------------


def test_play_to_the_end_then_replay_verifies_and_tampering_is_caught(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    # Always take the first listed action; that ends the game long before the input runs out.
    result = rulespec("play", GAME, "--players", "2", "--seed", "3", "--log", str(log), stdin="1\n" * 400)
    assert result.returncode == 0, result.stderr[-2000:]
    assert_no_traceback(result)
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["config"]["players"] == 2 and "final" in lines[-1]
    scores = lines[-1]["final"]["scores"]
    assert len(scores) == 2

    replay = rulespec("replay", str(log))
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert str(len(lines) - 2) in replay.stdout  # every move line was replayed

    tampered = tmp_path / "tampered.jsonl"
    final = dict(lines[-1]["final"], scores=[s + 1 for s in scores])
    tampered.write_text("\n".join(json.dumps(x) for x in [*lines[:-1], {"final": final}]) + "\n", encoding="utf-8")
    bad = rulespec("replay", str(tampered))
    assert bad.returncode == 1
    assert_no_traceback(bad)
    assert f"tampered.jsonl:{len(lines)}" in bad.stdout + bad.stderr


def test_play_rejects_bad_input_and_quits_cleanly() -> None:
    result = rulespec("play", "francis_drake", stdin="banana\n0\n9999\nrules pinnace\nquit\n")
    assert result.returncode == 0
    assert_no_traceback(result)
    assert result.stdout.count("Type a number") >= 3  # each invalid answer is refused with a hint
    assert "Pinnace" in result.stdout  # `rules <topic>` answered mid-game


@pytest.mark.parametrize("query", ["New England points", "Neuengland", "Nieuw-Engeland vestigen"])
def test_lookup_finds_the_new_england_rule_in_three_languages(query: str) -> None:
    result = rulespec("lookup", query, "--game", GAME, "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    ids = json.dumps(data["best"]) + json.dumps(data["others"])
    assert "actions.settle.new_england" in ids


def test_lookup_by_id_shows_every_edition_and_unknown_id_fails() -> None:
    import yaml

    editions = [e["id"] for e in yaml.safe_load((SPEC / "game.yaml").read_text(encoding="utf-8"))["editions"]]
    # In a narrow terminal the passages are listed one below the other, each under its edition id.
    result = rulespec("lookup", "--id", "actions.settle.new_england", "--game", GAME, columns=100)
    assert result.returncode == 0
    for edition in editions:
        assert f"[{edition}]" in result.stdout
    missing = rulespec("lookup", "--id", "no.such.rule", "--game", GAME)
    assert missing.returncode != 0
    assert_no_traceback(missing)


# --- publisher: audit a draft before print ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "content", "needle"),
    [
        ("empty.txt", b"", "empty"),
        ("binary.bin", bytes(range(256)) * 20, "nl"),
        ("latin1.txt", "Een speler mag één schip bouwen.".encode("latin-1") * 200, "UTF-8"),
    ],
)
def test_audit_refuses_unreadable_drafts_with_a_usage_error(tmp_path: Path, name: str, content: bytes, needle: str) -> None:
    draft = tmp_path / name
    draft.write_bytes(content)
    result = rulespec("audit", GAME, "--pair", "de,nl", "--edition", f"nl={draft}")
    assert result.returncode == 2
    assert_no_traceback(result)
    assert needle in result.stdout + result.stderr


def test_audit_missing_draft_is_a_usage_error(tmp_path: Path) -> None:
    result = rulespec("audit", GAME, "--pair", "de,nl", "--edition", f"nl={tmp_path / 'nope.txt'}")
    assert result.returncode == 2
    assert_no_traceback(result)
    assert "nope.txt" in result.stdout + result.stderr


def test_audit_flags_a_permission_turned_into_an_obligation(tmp_path: Path) -> None:
    original = (SOURCES / f"{GAME}.nl.txt").read_text(encoding="utf-8")
    sentence = "De speler mag één van de getrokken kaarten houden"
    assert original.count(sentence) == 1
    mutated = sentence.replace(" mag ", " moet ")
    draft = tmp_path / "draft-nl.txt"
    draft.write_text(original.replace(sentence, mutated), encoding="utf-8")
    out = tmp_path / "audit.json"
    result = rulespec("audit", GAME, "--pair", "de,nl", "--edition", f"nl={draft}", "--format", "json", "--output", str(out))
    assert result.returncode == 0, result.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    draft_text = draft.read_text(encoding="utf-8")
    hits = [
        f for f in report["findings"]
        if f["kind"] == "modality" and any(s["edition"] == "nl" and mutated in s["text"] for s in f["spans"])
    ]
    assert hits, "the audit missed 'mag' → 'moet'"
    for finding in report["findings"]:  # offsets point into the draft exactly as read
        for span in finding["spans"]:
            if span["edition"] == "nl":
                assert draft_text[span["start"]:span["end"]] == span["text"]


# --- players and rules editors: summaries -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_summary_renders_every_rule_with_filled_slots(tmp_path: Path, lang: str) -> None:
    import yaml

    out = tmp_path / f"summary.{lang}.md"
    result = rulespec("summary", GAME, "--lang", lang, "--output", str(out))
    assert result.returncode == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert "{" not in text.replace("{en,de,nl}", "")  # no unfilled {param} or {term:...} slot
    rule_ids = [
        rule["id"]
        for path in sorted((SPEC / "rules").glob("*.yaml"))
        for rule in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).get("rules", [])
    ]
    missing = [rule_id for rule_id in rule_ids if f'id="{rule_id}"' not in text]
    assert not missing, f"rules missing from the {lang} summary: {missing}"


# --- engine developers: simulate --------------------------------------------------------------------------------


def test_simulate_json_counts_add_up() -> None:
    games, players = 6, 3
    result = rulespec("simulate", GAME, "--games", str(games), "--players", str(players), "--bots", "heuristic,random", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    (edition,) = data["editions"].values()
    assert edition["games"] == games
    seats = edition["groups"]["seat"]
    assert sorted(seats) == [str(i) for i in range(players)]
    assert sum(group["games"] for group in seats.values()) == games * players
    # Every game has at least one winner; ties may add more.
    assert sum(group["wins"] for group in seats.values()) >= games
    for group in seats.values():
        assert 0.0 <= group["win_rate"] <= 1.0
        assert group["score_min"] <= group["score_mean"] <= group["score_max"]


def test_simulate_rejects_an_unknown_bot_without_traceback() -> None:
    result = rulespec("simulate", GAME, "--games", "2", "--bots", "no_such_bot")
    assert result.returncode == 2
    assert_no_traceback(result)
    assert "no_such_bot" in result.stdout + result.stderr
