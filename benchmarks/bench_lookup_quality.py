"""How often `rulespec lookup` finds the right rule for a question, scored on question files.

Each question is answered exactly as the command line answers it — `cli.summary_commands.run_lookup(question,
as_json=True)`, without `--game`, so the game must be inferred — and scored against its acceptable ids:

* top-1: the best hit is one of `expect` (and of the question's game);
* top-3: one of the first three hits is;
* a question with `expect: []` is right (top-1 and top-3) when the answer is "no match" (exit code 1).

Prints top-1 and top-3 per language and per game, the no-match accuracy (questions with no answer that got "no
match") and the false no-matches (questions with an answer that got none); `-v` lists every miss. Ids a file
expects but no index knows are reported, since they can only be missed.

File format (the tuning set in `benchmarks/data/lookup_tuning/questions.yaml` and the held-out set share it):

```yaml
questions:
  - q: "wie viele Schiffe darf ich höchstens haben?"
    lang: de                          # en | de | nl
    game: race_to_the_new_found_land  # the game the question is about
    expect: [land.build_ships.shipyard_limit]   # acceptable ids, best first; [] = the answer is "no match"
```

Run: python benchmarks/bench_lookup_quality.py FILE [FILE ...] [-v] [--split tune|check] [--seed N]

`--split` keeps a fixed third of the questions apart (`check`, chosen by a hash of the seed and the question's
text) or the other two thirds (`tune`), so that tuning on one part can be checked against the other. Each round of
tuning draws its own third: `--seed 2` (the default) is round two's split of the tuning set and the spent
held-out set together; `--seed 0` is round one's split (a hash of the text alone).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import zlib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

TOP = 3
LANGUAGES = ("en", "de", "nl")


class Question:
    """One question of a file and what counts as a right answer."""

    __slots__ = ("expect", "game", "lang", "line", "source", "text")

    def __init__(self, text: str, lang: str, game: str, expect: list[str], source: str, line: int) -> None:
        self.text = text
        self.lang = lang
        self.game = game
        self.expect = expect
        self.source = source
        self.line = line

    @property
    def where(self) -> str:
        return f"{self.source}:{self.line}" if self.line else self.source


class Answer:
    """What the look-up said: its hits `(game, id)`, best first, or none (no match)."""

    __slots__ = ("code", "hits", "message")

    def __init__(self, code: int, hits: list[tuple[str, str]], message: str) -> None:
        self.code = code
        self.hits = hits
        self.message = message


def load_questions(path: Path) -> list[Question]:
    """The questions of one file; a malformed file stops the benchmark with its name, line and field."""
    from rulespec.yaml_source import YamlProblem, load_yaml

    try:
        document = load_yaml(path)
    except YamlProblem as exc:
        raise SystemExit(f"{path}:{exc.line}: {exc.message}" if exc.line else f"{path}: {exc.message}") from None
    data = document.data
    items = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise SystemExit(f"{path}: expected a mapping with a `questions:` list")
    found = []
    for number, item in enumerate(items):
        line = document.line_of(f"/questions/{number}")
        where = f"{path}:{line}: question {number + 1}"
        if not isinstance(item, dict):
            raise SystemExit(f"{where}: expected a mapping with q, lang, game, expect")
        for field, kind in (("q", str), ("lang", str), ("game", str), ("expect", list)):
            if not isinstance(item.get(field), kind):
                raise SystemExit(f"{where}: field `{field}` must be a {kind.__name__}")
        if item["lang"] not in LANGUAGES:
            raise SystemExit(f"{where}: field `lang` must be one of {', '.join(LANGUAGES)}, not {item['lang']!r}")
        if not all(isinstance(e, str) for e in item["expect"]):
            raise SystemExit(f"{where}: field `expect` must list rule ids")
        found.append(Question(item["q"], item["lang"], item["game"], list(item["expect"]), str(path), line))
    return found


#: The seed of the split tuning is checked against (see the module docstring).
SPLIT_SEED = 2


def in_split(question: Question, split: str, seed: int = SPLIT_SEED) -> bool:
    """Whether a question belongs to `split`: `check` is a fixed third (by a hash of `seed` and its text), `tune`
    the rest."""
    if split == "all":
        return True
    salted = question.text if seed == 0 else f"{seed}\0{question.text}"
    checked = zlib.crc32(salted.encode("utf-8")) % 3 == 0
    return checked if split == "check" else not checked


def ask(question: str) -> Answer:
    """Answer `question` as `rulespec lookup QUESTION --json` does (in this process, to be quick)."""
    from cli.summary_commands import run_lookup

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run_lookup(question, as_json=True, limit=TOP)
    if code != 0:
        return Answer(code, [], err.getvalue().strip())
    data = json.loads(out.getvalue())
    described = [data["best"], *data.get("others", [])]
    return Answer(code, [(d["game"], d["id"]) for d in described], "")


def rank_of(question: Question, answer: Answer) -> int | None:
    """1-based rank of the first acceptable hit; for a question without answer, 1 when it got "no match"."""
    if not question.expect:
        return 1 if answer.code == 1 and not answer.hits else None
    wanted = set(question.expect)
    for rank, (game, rule_id) in enumerate(answer.hits, 1):
        if game == question.game and rule_id in wanted:
            return rank
    return None


def known_ids() -> dict[str, set[str]]:
    from translations.lookup.search import load_indexes

    return {index.game: set(index.ids) for index in load_indexes()}


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:5.1f} % ({part}/{whole})" if whole else "    - (0/0)"


def report(results: Sequence[tuple[Question, Answer, int | None]], verbose: bool) -> list[str]:
    """The printed report: per language, per game, no-match figures and (verbose) the misses."""
    lines = []
    groups: dict[str, list[int | None]] = defaultdict(list)
    for question, _, rank in results:
        groups[f"lang {question.lang}"].append(rank)
        groups[f"game {question.game}"].append(rank)
        groups["all"].append(rank)
    width = max(len(k) for k in groups) if groups else 3
    lines.append(f"{'':<{width}}  {'top-1':>17}  {'top-3':>17}")
    order = [f"lang {lang}" for lang in LANGUAGES] + sorted(k for k in groups if k.startswith("game ")) + ["all"]
    for key in order:
        ranks = groups.get(key)
        if not ranks:
            continue
        top1 = sum(1 for r in ranks if r == 1)
        top3 = sum(1 for r in ranks if r is not None and r <= TOP)
        lines.append(f"{key:<{width}}  {percent(top1, len(ranks)):>17}  {percent(top3, len(ranks)):>17}")
    unanswerable = [(q, a) for q, a, _ in results if not q.expect]
    answerable = [(q, a) for q, a, _ in results if q.expect]
    said_none = sum(1 for _, a in unanswerable if a.code == 1 and not a.hits)
    false_none = sum(1 for _, a in answerable if not a.hits)
    lines.append("")
    lines.append(f"no match, when none is right : {percent(said_none, len(unanswerable))}")
    lines.append(f"no match, when one is right  : {percent(false_none, len(answerable))} (false no-match)")
    wrong_game = sum(1 for q, a in answerable if a.hits and a.hits[0][0] != q.game)
    lines.append(f"best hit in another game     : {percent(wrong_game, len(answerable))}")
    if verbose:
        misses = [(q, a, r) for q, a, r in results if r != 1]
        lines += ["", f"misses ({len(misses)}; rank of the right answer, or -):"]
        for question, answer, rank in misses:
            got = ", ".join(f"{g}:{i}" if g != question.game else i for g, i in answer.hits) or "no match"
            lines.append(f"  [{question.lang}] {question.text!r}  ({question.where})")
            lines.append(f"      rank {rank or '-'}; expected {', '.join(question.expect) or 'no match'}; got {got}")
    return lines


def run(paths: Iterable[Path], split: str = "all", verbose: bool = False, seed: int = SPLIT_SEED) -> list[str]:
    questions = [q for path in paths for q in load_questions(path) if in_split(q, split, seed)]
    ids = known_ids()
    lines = []
    for question in questions:
        unknown = [e for e in question.expect if e not in ids.get(question.game, set())]
        if unknown:
            lines.append(f"warning: {question.where}: {question.game} has no rule {', '.join(unknown)}")
    results = []
    for question in questions:
        answer = ask(question.text)
        results.append((question, answer, rank_of(question, answer)))
    return lines + report(results, verbose)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    parser.add_argument("--split", choices=("all", "tune", "check"), default="all",
                        help="score a fixed two thirds (tune) or third (check) of the questions")
    parser.add_argument("--seed", type=int, default=SPLIT_SEED,
                        help=f"which third is the check split (default {SPLIT_SEED}; 0: round one's split)")
    args = parser.parse_args(argv)
    print("\n".join(run(args.files, args.split, args.verbose, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
