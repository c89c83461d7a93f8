"""Where the look-up's first stage puts the right rule: candidate recall, the measure of what re-ranking can mend.

The re-ranking (`translations.lookup.ranking`) orders only the first stage's best `ranking.CANDIDATES` rules and up
to `ranking.SUGGESTED` the phrasings add from the next `ranking.SUGGEST_POOL`: a right rule below them is a miss
no weight can mend, and so is a question with an answer the first stage matches nothing for. For every question
with an answer this prints, per language and per file, how many have a right rule

* among the first `CANDIDATES` (what the re-ranker always sees),
* within the pool the phrasings may draw from (the first `CANDIDATES + SUGGEST_POOL`),
* anywhere among the matches, or
* not at all (no match: nothing matched, or too few of the question's words are known);

`-v` lists every question whose right rule is not among the first `CANDIDATES`, with the place it comes at and the
query's words no index knows (what the look-up could not read).

Run: python benchmarks/bench_lookup_candidates.py FILE [FILE ...] [-v]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from bench_lookup_quality import LANGUAGES, Question, load_questions  # noqa: E402

from translations.lookup import ranking  # noqa: E402
from translations.lookup import search as lk  # noqa: E402

#: The places counted, from the re-ranker's candidates to nothing matched.
BANDS = ("candidates", "pool", "matched", "none")


def place(question: Question, indexes: Sequence[lk.Index]) -> tuple[int | None, lk.Answer]:
    """The 1-based place of the question's first right rule in the first stage's order (None: not matched)."""
    answer = lk.answer(indexes, question.text, limit=10_000, rerank=False, pool=True)
    for number, hit in enumerate(answer.hits, 1):
        if hit.game == question.game and hit.rule_id in question.expect:
            return number, answer
    return None, answer


def band(rank: int | None) -> str:
    if rank is None:
        return "none"
    if rank <= ranking.CANDIDATES:
        return "candidates"
    return "pool" if rank <= ranking.CANDIDATES + ranking.SUGGEST_POOL else "matched"


def line(label: str, counted: dict[str, Counter[str]]) -> str:
    cells = []
    for lang in [*LANGUAGES, "all"]:
        got = counted.get(lang, Counter())
        total = sum(got.values())
        if total:
            cells.append(f"{lang} {100 * got['candidates'] / total:5.1f} ({total}: "
                         + " ".join(f"{got[b]}" for b in BANDS) + ")")
    return f"  {label:<40} " + "  ".join(cells)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every question whose right rule is "
                        "not among the candidates")
    args = parser.parse_args(argv)
    indexes = lk.load_indexes()
    every: dict[str, Counter[str]] = {}
    print(f"right rule among the first {ranking.CANDIDATES} (%), then how many in each band: "
          + " ".join(BANDS))
    for path in args.files:
        counted: dict[str, Counter[str]] = {}
        misses = []
        for question in load_questions(path):
            if not question.expect:
                continue
            rank, answer = place(question, indexes)
            where = band(rank)
            for lang in (question.lang, "all"):
                counted.setdefault(lang, Counter())[where] += 1
                every.setdefault(lang, Counter())[where] += 1
            if where != "candidates":
                misses.append(f"    [{question.lang}] {question.text!r} ({question.where}): {where} "
                              f"{rank or '-'}; unknown {answer.unknown}; first "
                              + ", ".join(h.rule_id for h in answer.hits[:3]))
        print(line(str(path.name), counted))
        if args.verbose:
            print("\n".join(misses))
    print(line("together", every))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
