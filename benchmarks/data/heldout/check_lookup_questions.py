#!/usr/bin/env python3
"""Check a held-out look-up question set against the spec, without running the look-up.

A question set is a YAML file ``{questions: [{q, lang, game, expect}, ...]}``: ``expect`` lists the rule or setup-step
ids that count as a right answer, best first, and ``[]`` means the right answer is "no match". A set written
blind can only be trusted if every id it expects exists: an id that the spec does not define (a typo, a rule
renamed since) would count a right answer as a miss for ever. This checks that

* every entry has a non-empty ``q``, a ``lang`` of the look-up's languages and a ``game`` with a spec folder;
* every ``expect`` id is a rule or a setup step of that game's spec (``rulespec.model.load_spec``), listed once;
* no question text appears twice;

and prints how many questions each language and game has, and how many of them expect "no match". It never
imports the look-up, so running it tells nothing about the look-up's answers.

usage: python benchmarks/data/heldout/check_lookup_questions.py [questions.yaml ...]
       (default: every lookup_questions*.yaml next to this file; exit 1 on any problem)
"""
from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "de", "nl")
FIELDS = ("q", "lang", "game", "expect")


@dataclass(frozen=True)
class Question:
    """One question as the file states it, with the line it starts on (for messages)."""

    line: int
    text: str
    lang: str
    game: str
    expect: tuple[str, ...]


@cache
def answer_ids(game: str) -> frozenset[str] | None:
    """Ids a look-up may answer with for ``game``: its rules and setup steps; ``None`` for an unknown game."""
    from rulespec.loading import UnknownGame
    from rulespec.model import load_spec
    from rulespec.problems import SpecError

    try:
        spec = load_spec(game)
    except (UnknownGame, SpecError, OSError):
        return None
    return frozenset(spec.rules) | frozenset(step.id for step in spec.setup)


def read_questions(path: Path) -> tuple[list[Question], list[str]]:
    """The questions of ``path`` and the problems of its shape (each naming file, line and field).

    The YAML is composed first so that every entry keeps the line it starts on."""
    problems: list[str] = []
    try:
        root = yaml.compose(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        return [], [f"{path}: cannot read: {error}"]
    entries = None
    if isinstance(root, yaml.MappingNode):
        entries = next((value for key, value in root.value if key.value == "questions"), None)
    if not isinstance(entries, yaml.SequenceNode):
        return [], [f"{path}: top level must be a mapping with a 'questions' list"]
    questions: list[Question] = []
    for node in entries.value:
        line = node.start_mark.line + 1
        where = f"{path}:{line}"
        entry = yaml.safe_load(yaml.serialize(node))
        if not isinstance(entry, dict):
            problems.append(f"{where}: entry must be a mapping with {', '.join(FIELDS)}")
            continue
        unknown = sorted(set(entry) - set(FIELDS))
        if unknown:
            problems.append(f"{where}: unknown field(s) {', '.join(map(str, unknown))}")
        text, lang, game, expect = (entry.get(field) for field in FIELDS)
        if not isinstance(text, str) or not text.strip():
            problems.append(f"{where}: field 'q' must be a non-empty string")
            continue
        if lang not in LANGUAGES:
            problems.append(f"{where}: field 'lang' is {lang!r}, expected one of {', '.join(LANGUAGES)}")
        if not isinstance(game, str) or not game:
            problems.append(f"{where}: field 'game' must be a game id")
            continue
        if not isinstance(expect, list) or not all(isinstance(item, str) for item in expect):
            problems.append(f"{where}: field 'expect' must be a list of rule or setup ids ([] for no match)")
            continue
        questions.append(Question(line, text, str(lang), game, tuple(expect)))
    return questions, problems


def id_problems(path: Path, questions: list[Question]) -> list[str]:
    """Problems with the games and expected ids of ``questions``, and repeated question texts."""
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for question in questions:
        where = f"{path}:{question.line}"
        earlier = first_line.setdefault(question.text.casefold(), question.line)
        if earlier != question.line:
            problems.append(f"{where}: field 'q' repeats the question of line {earlier}: {question.text!r}")
        known = answer_ids(question.game)
        if known is None:
            problems.append(f"{where}: field 'game': no valid spec for {question.game!r}")
            continue
        for rule_id, count in Counter(question.expect).items():
            if count > 1:
                problems.append(f"{where}: field 'expect' lists {rule_id!r} {count} times")
        problems.extend(f"{where}: field 'expect': {rule_id!r} is no rule or setup step of {question.game}"
                        for rule_id in dict.fromkeys(question.expect) if rule_id not in known)
    return problems


def census(questions: list[Question]) -> list[str]:
    """Lines giving the number of questions (and of "no match" questions) per game and language."""
    total = Counter((q.game, q.lang) for q in questions)
    no_match = Counter((q.game, q.lang) for q in questions if not q.expect)
    return [f"  {game:<28} {lang}: {total[game, lang]:>3} questions, {no_match[game, lang]} expect no match"
            for game, lang in sorted(total)]


def check(path: Path) -> list[str]:
    """Every problem of the question set at ``path``; prints its census when it can be read."""
    questions, problems = read_questions(path)
    problems += id_problems(path, questions)
    print(f"{path}: {len(questions)} questions")
    print("\n".join(census(questions)))
    return problems


def main(argv: list[str]) -> int:
    paths = [Path(arg) for arg in argv] or sorted(HERE.glob("lookup_questions*.yaml"))
    problems = [problem for path in paths for problem in check(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    print("OK" if not problems else f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
