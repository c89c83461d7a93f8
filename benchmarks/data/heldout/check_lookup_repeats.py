#!/usr/bin/env python3
"""Refuse a new held-out look-up set that repeats a question of the spent sets.

A spent set is tuning data: the look-up may have been tuned until it answers those very questions. A new set
that asks one of them again, in the same words, scores that tuning instead of the look-up's reach, so every
question of the new set must differ from every question of the earlier sets. Two questions count as the same
when they are equal after case folding, with punctuation removed and runs of white space made one ("Wer wird
Startspieler?" = "wer wird startspieler"), whatever their language or game.

usage: python benchmarks/data/heldout/check_lookup_repeats.py NEW.yaml EARLIER.yaml [EARLIER.yaml ...]
       (exit 1 and name each repeat with its line, or the file that cannot be read)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

_NOT_A_WORD_CHARACTER = re.compile(r"[^\w\s]|_")


def normalised(question: str) -> str:
    """``question`` case-folded, without punctuation, its words joined by single spaces."""
    return " ".join(_NOT_A_WORD_CHARACTER.sub(" ", question.casefold()).split())


def questions_with_lines(path: Path) -> list[tuple[int, str]]:
    """Each ``q`` of the set at ``path`` with the line its entry starts on."""
    root = yaml.compose(path.read_text(encoding="utf-8"))
    entries = next((value for key, value in root.value if key.value == "questions"), None)
    if entries is None:
        raise ValueError("no 'questions' list at the top level")
    found: list[tuple[int, str]] = []
    for node in entries.value:
        entry = yaml.safe_load(yaml.serialize(node))
        if isinstance(entry, dict) and isinstance(entry.get("q"), str):
            found.append((node.start_mark.line + 1, entry["q"]))
    return found


def repeats(new: Path, earlier: list[Path]) -> list[str]:
    """One message per question of ``new`` that an earlier set already asks, naming both places."""
    asked: dict[str, str] = {}
    for path in earlier:
        for line, question in questions_with_lines(path):
            asked.setdefault(normalised(question), f"{path.name}:{line}")
    return [
        f"{new}:{line}: q repeats {asked[normalised(question)]}: {question!r}"
        for line, question in questions_with_lines(new)
        if normalised(question) in asked
    ]


def main(arguments: list[str]) -> int:
    if len(arguments) < 2:
        print(__doc__.strip().splitlines()[-2], file=sys.stderr)
        return 2
    new, *earlier = (Path(argument) for argument in arguments)
    try:
        problems = repeats(new, earlier)
    except (OSError, UnicodeDecodeError, yaml.YAMLError, ValueError, AttributeError) as error:
        print(f"cannot read a question set: {error}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem)
    print(f"{new}: {'no question repeats' if not problems else f'{len(problems)} repeated'} "
          f"({len(earlier)} earlier sets)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
