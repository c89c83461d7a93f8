#!/usr/bin/env python3
"""Check the second held-out draft set the way score_draft_audit.py reads it, without running the audit.

Two checks, both needing only the drafts (build them first with ``build_drafts.py``) and the source editions:

* **Format and placement**, by the first set's checker (``../check_errors_yaml.py``): every error has a known
  ``type`` and a ``note``; a ``changed`` text is found in its draft exactly once (words joined by any
  whitespace, as the scorer finds it) and not in the source; a deleted ``original`` is in the source and no
  longer in the draft; edits lie at least 200 characters apart and every error lies on one of them.
* **A fresh set**: no sentence that the first set (``../audit_drafts/``) edited in an edition is edited again
  here. An edit's changed characters are located in the source (``original`` occurs there once), and each
  first-set change is widened to the whole sentence around it; a second-set change inside such a sentence is
  a problem.

It then prints the errors per type and language, the errors placed in worked examples and the number of
paraphrase edits per draft, the figures the README quotes.

usage: python check_errors_yaml.py [errors.yaml] [--spent FIRST_SET_errors.yaml]
       (sources: $RULESPEC_SOURCES, else /work/shared/sources)
"""

from __future__ import annotations

import difflib
import importlib.util
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import yaml

HERE = Path(__file__).resolve().parent
LANGS = ("de", "nl", "en")
# A sentence ends at . ! or ? (not after a digit: "1. Beladen", "2. Der 4. Rahmenmarker") before white space, at a
# colon that ends a line ("kommt es zu einer Wertung:" introduces the next sentence), at a blank line or a page break.
SENTENCE_END = re.compile(r"(?<!\d)[.!?][\"”“)*]*(?=\s)|:[ \t]*(?=\n)|\n[ \t]*\n|\f")


def first_set_checker() -> ModuleType:
    """The first set's ``check_errors_yaml`` module, loaded from its file (the folder is not a package)."""
    spec = importlib.util.spec_from_file_location("heldout_check_errors_yaml", HERE.parent / "check_errors_yaml.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def changed_ranges(source: str, edits: list[dict]) -> list[tuple[int, int]]:
    """Source character ranges that the edits change (an insertion is an empty range)."""
    ranges = []
    for edit in edits:
        at = source.find(edit["original"])
        for tag, i1, i2, _j1, _j2 in difflib.SequenceMatcher(
            None, edit["original"], edit["changed"], autojunk=False
        ).get_opcodes():
            if tag != "equal":
                ranges.append((at + i1, at + i2))
    return ranges


def sentence_around(text: str, a: int, b: int) -> tuple[int, int]:
    """The sentence (or sentences) of ``text`` holding the range [a, b)."""
    ends = [m.end() for m in SENTENCE_END.finditer(text)]
    start = max([0, *(e for e in ends if e <= a)])
    stop = min([len(text), *(e for e in ends if e >= max(b, a + 1))])
    while start < stop and text[start].isspace():  # the white space between two sentences belongs to neither
        start += 1
    return start, stop


def overlaps(change: tuple[int, int], sentence: tuple[int, int]) -> bool:
    a, b = change
    x, y = sentence
    return x < a < y if a == b else a < y and b > x


def spent_sentences(spent_errors: Path, sources: Path) -> dict[str, list[tuple[int, int]]]:
    """Per edition, the sentences of its source that the earlier set edited."""
    spec = yaml.safe_load(spent_errors.read_text(encoding="utf-8"))
    edits = yaml.safe_load((spent_errors.parent / "edits.yaml").read_text(encoding="utf-8"))["edits"]
    spans: dict[str, list[tuple[int, int]]] = {}
    for d in spec["drafts"]:
        source = (sources / f"{spec['game']}.{d['edition']}.txt").read_text(encoding="utf-8")
        spans.setdefault(d["edition"], []).extend(
            sentence_around(source, a, b) for a, b in changed_ranges(source, edits[d["file"]])
        )
    return spans


def reused_sentences(errors_path: Path, spent_errors: Path, sources: Path) -> list[str]:
    """Problems: edits of this set that change a sentence the earlier set already edited."""
    spec = yaml.safe_load(errors_path.read_text(encoding="utf-8"))
    edits = yaml.safe_load((errors_path.parent / "edits.yaml").read_text(encoding="utf-8"))["edits"]
    spent = spent_sentences(spent_errors, sources)
    problems = []
    for d in spec["drafts"]:
        source = (sources / f"{spec['game']}.{d['edition']}.txt").read_text(encoding="utf-8")
        for change in changed_ranges(source, edits[d["file"]]):
            for x, y in spent.get(d["edition"], []):
                if overlaps(change, (x, y)):
                    sentence = " ".join(source[x:y].split())
                    problems.append(f"{d['file']}: edits a sentence the first set edited: {sentence[:70]!r}")
    return list(dict.fromkeys(problems))  # one line per sentence, not per changed character range


def ambiguous_deletions(errors_path: Path, sources: Path) -> list[str]:
    """Problems: deleted sentences whose 60 preceding characters (the scorer's anchor) recur in the draft.

    The scorer finds where a deleted sentence stood by looking up the 60 characters before it in the draft; when
    those occur twice it looks at the first place, which may be the wrong one."""
    spec = yaml.safe_load(errors_path.read_text(encoding="utf-8"))
    problems = []
    for d in spec["drafts"]:
        source = (sources / f"{spec['game']}.{d['edition']}.txt").read_text(encoding="utf-8")
        draft = (errors_path.parent / d["file"]).read_text(encoding="utf-8")
        for e in d["errors"]:
            if e.get("original") and not e.get("changed"):
                found = re.search(r"\s+".join(re.escape(w) for w in e["original"].split()), source)
                if not found:  # the first set's checker reports it
                    continue
                at = found.start()
                before = source[max(0, at - 60) : at]
                if draft.count(before) != 1:
                    problems.append(
                        f"{d['file']}: the 60 characters before a deleted sentence occur "
                        f"{draft.count(before)} times in the draft: {before!r}"
                    )
    return problems


def tally(errors_path: Path) -> str:
    """Errors per type and language, and how many sit in worked examples."""
    spec = yaml.safe_load(errors_path.read_text(encoding="utf-8"))
    counts: Counter[tuple[str, str]] = Counter()
    for d in spec["drafts"]:
        for e in d["errors"]:
            counts[e["type"], d["lang"]] += 1
    text = errors_path.read_text(encoding="utf-8")
    lines = [f"{'type':12s}" + "".join(f"{lang:>5s}" for lang in LANGS) + "  total"]
    for kind in sorted({k for k, _ in counts}):
        row = [counts[kind, lang] for lang in LANGS]
        lines.append(f"{kind:12s}" + "".join(f"{n:5d}" for n in row) + f"  {sum(row):5d}")
    totals = [sum(n for (_, lang), n in counts.items() if lang == want) for want in LANGS]
    lines.append(f"{'all':12s}" + "".join(f"{n:5d}" for n in totals) + f"  {sum(totals):5d}")
    lines.append(f"in an example: {text.count('# in an example')}")
    return "\n".join(lines)


def main() -> None:
    args = sys.argv[1:]
    spent_errors = HERE.parent / "audit_drafts" / "errors.yaml"
    if "--spent" in args:
        at = args.index("--spent")
        spent_errors = Path(args[at + 1])
        del args[at : at + 2]
    errors_path = Path(args[0]) if args else HERE / "errors.yaml"
    base = first_set_checker()
    spec = yaml.safe_load(errors_path.read_text(encoding="utf-8"))
    missing = [d["file"] for d in spec["drafts"] if not (errors_path.parent / d["file"]).is_file()]
    if missing:
        sys.exit(f"{errors_path.parent}: drafts not built ({', '.join(missing)}); run build_drafts.py first")
    problems: list[str] = []
    for d in spec["drafts"]:
        found, n_errors, n_paraphrases = base.check_draft(d, spec["game"], errors_path.parent)
        problems += found
        print(f"{d['file']:10s} {d['edition']:8s} errors={n_errors} paraphrase_edits={n_paraphrases}")
    problems += reused_sentences(errors_path, spent_errors, base.sources_dir())
    problems += ambiguous_deletions(errors_path, base.sources_dir())
    print(tally(errors_path))
    for p in problems:
        print("PROBLEM", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
