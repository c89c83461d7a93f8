"""The look-up's second stage: a small learned re-ranking of the best candidates of the BM25 search.

The first stage (`translations.lookup.search.score_index`) scores every rule by hand-set formulas: BM25 over
stems and trigrams, times priors for what the question asks, titles it says, a section it names. Those priors
were set by hand, one at a time. This stage takes the first `CANDIDATES` rules of that ranking and orders them
again by a weighted sum of their *signals* — the parts the first score is made of, and a few more:

| feature | what it measures |
|---|---|
| `base` | log of the first-stage score over the best one's (≤ 0): the first stage's opinion |
| `first` | 1 for the first stage's best rule |
| `words`, `grams` | the two BM25 parts (stems; letter trigrams of titles and terms), over the best rule's total |
| `coord` | share of the question's information (IDF-weighted words) the rule matches anywhere |
| `place` | 1 / (1 + its place in the first stage's order) |
| `title`, `in_title` | share of the rule's title the question says (in any view); share of the question it says |
| `terms` | share of the question's information said by the glossary terms of the concepts the rule names |
| `lead` | the rule opens a section the question names |
| `in_named`, `named_elsewhere` | the share of the question naming the rule's section; naming another section |
| `parent`, `depth`, `setup` | its place in the spec: has sub-rules; dots in its id; a setup step |
| `parent_shown`, `child_shown` | its parent rule, or one of its sub-rules, is among the candidates too |
| `setup_asked` | a setup step, for a question about the setup |
| `own_edition` | its game has an edition printed in the question's language |
| `answers:K`, `weakly:K` | the question asks for kind K (`number`, `timing`, `agent`, …) and the rule answers it |
| `phrased`, `phrased_weight` | how much of the question earlier questions about the rule said (`translations.lookup.phrasings`) |
| `phrased_section` | how much likelier the question's words are among earlier questions about the rule's section |
| `phrased_parent`, `phrased_child` | `phrased` of the rule's parent, of its best sub-rule |
| `phrased_own`, `phrased_rival` | against every other candidate: the share of the question that only its own \
earlier questions said, and that another's said and its own did not (`phrasings.Phrasings.contrast`) |
| `phrased_own_weight` | how often, and how tellingly, its earlier questions said those stems of its own |
| `suggested` | a rule the first stage ranked lower, added to the candidates by its phrasings |
| `own:C`, `rival:C` | against its family among the best candidates (parent, sub-rules, siblings): the share of \
the question's information in its words of kind C (`number`, `term`, `word`) it says itself and none of them does, \
and that one of them says and it does not (`family_contrast`) |
| `own:asked`, `rival:asked` | against the same family: the share of the kinds the question asks that it answers \
and none of them does, and that one of them answers and it does not (`kind_contrast`) |
| `own:asked_elsewhere`, `rival:asked_elsewhere` | the same against every other best candidate, its family \
included (other sections, the other game) |

The weights are data, `ranking.json` beside this module, fitted by `benchmarks/fit_lookup_ranking.py` on
question sets (a softmax over each question's candidates, L2-regularised, deterministic) and validated on a set
kept out of the fit; that script's `--check` says whether the committed weights are what the fit gives. Nothing
here knows a game: the features are the spec's own structure and words. Standard library only (this is on the
cold path of `rulespec lookup`); without the weights file the first stage's order stands.
"""

from __future__ import annotations

import json
import math
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path

WEIGHTS_PATH = Path(__file__).resolve().with_name("ranking.json")
#: How many of the first stage's best rules are ordered again. Ten since round twelve: the newer question sets'
#: paraphrases put the right rule 6th to 10th more often than 11th to 45th (81 against 57 of the 2,524 answerable
#: questions of the tuning set and held-out sets 1-10), and the features tell it from the five more rivals well
#: enough (leave-one-set-out over eleven held-out sets, of record: five 81.3 %, eight 81.6 %, ten 81.8 %).
CANDIDATES = 10
#: The first-stage score ratio below which a candidate's `base` stops falling (a far-off candidate is far off).
BASE_FLOOR = -4.0
#: Features every candidate has (the `answers:K`/`weakly:K` pairs follow, one per kind of question).
FEATURES = ("base", "first", "place", "words", "grams", "coord", "title", "in_title", "terms", "lead", "in_named",
            "named_elsewhere", "parent", "depth", "setup", "setup_asked", "own_edition", "parent_shown", "child_shown",
            "phrased", "phrased_weight", "phrased_section", "phrased_parent", "phrased_child", "phrased_own",
            "phrased_own_weight", "phrased_rival", "suggested", *(
                f"{side}:{kind}" for side in ("own", "rival") for kind in ("number", "term", "word", "asked",
                                                                            "asked_elsewhere")))
#: How many rules below the first `CANDIDATES` the phrasings may add to them (`phrasings.Phrasings.suggest`), and
#: how far down the first stage's order they are looked for.
SUGGESTED = 2
SUGGEST_POOL = 40


#: What tells a question no rule answers from one some rule does, once the first stage found matches: the share
#: of its information the indexes know, its words no rule uses or only a typo's neighbour matches, its length,
#: whether it asks something, how strong the best match is and how much of the question it covers.
DOUBT_FEATURES = ("bias", "known", "unknown", "typos", "short", "asks", "score", "coord", "terms", "in_title", "title",
                  "phrased")


#: The probability of "no rule answers it" above which the look-up says no match. Chosen with the fit's penalty by
#: leave-one-set-out over the five question sets (each set's no-match model fitted on the other four): at 0.4,
#: 14 of the 30 unanswerable questions the first stage found matches for were rejected, and 1 of 1,084 answerable.
NO_MATCH = 0.4


def doubt_features(best: Mapping[str, float], known: float, unknown: float, typos: float, short: float, asks: bool,
                   score: float) -> dict[str, float]:
    """The no-match model's features of a question whose first-stage best candidate has the re-ranking features
    `best` and score `score`; `unknown`, `typos` and `short` are shares of its words (`short` = 1 / words)."""
    found = {"bias": 1.0, "known": known, "unknown": unknown, "typos": typos, "short": short,
             "asks": 1.0 if asks else 0.0, "score": math.log(max(score, 1e-9))}
    found.update((key, best.get(key, 0.0)) for key in ("coord", "terms", "in_title", "title", "phrased"))
    return found


def related(rule: str, other: str) -> bool:
    """Whether two rules of one game are of one family: one is the other's parent or ancestor, or they share a
    parent (`frame_markers.choose` and `frame_markers.multiple`; `land.build_ships` and `.shipyard_limit`)."""
    return (rule.startswith(other + ".") or other.startswith(rule + ".")
            or (rule.rpartition(".")[0] == other.rpartition(".")[0] != ""))


def family_contrast(own: Sequence[bool], rivals: Sequence[Sequence[bool]], kinds: Sequence[str],
                    worth: Sequence[float], total: float) -> dict[str, float]:
    """`own:C` and `rival:C` of a candidate whose family among the candidates is `rivals`: per word of the question
    (its `kinds`, its `worth` of the question's `total` information), whether the candidate says it (`own`) and
    whether each rival does. Between a rule and its sub-rule or sibling, which one holds the question's telling
    words (its number, its goods or place, the rest) decides; the weights say how much each kind counts."""
    found: dict[str, float] = {}
    if not rivals or total <= 0:
        return found
    for number, (says, kind) in enumerate(zip(own, kinds, strict=True)):
        others = any(rival[number] for rival in rivals)
        if says != others:
            key = f"{'own' if says else 'rival'}:{kind}"
            found[key] = found.get(key, 0.0) + worth[number] / total
    return found


def kind_contrast(own: Sequence[str], rivals: Sequence[Sequence[str]], asked: Collection[str],
                  key: str = "asked") -> dict[str, float]:
    """`own:asked` and `rival:asked` of a candidate answering the kinds `own` (`Index.answers`) whose family among
    the candidates answers `rivals`, for a question asking the kinds `asked`: the share of them it answers and none
    of its family does, and that one of them answers and it does not. "How many ships fit in a shipyard" between
    the shipyard rule and its sibling about building: the one stating the limit is the answer, whichever says the
    question's words more. Only a full answer counts (a rule merely printing a number answers no "how many").
    `key` names the pair: `asked` against the family, `asked_elsewhere` against every other candidate (other
    sections too: "when do new contract tiles come out" between the setup step laying them out and the delivery rule
    refilling them, only the second says when)."""
    found: dict[str, float] = {}
    if not rivals or not asked:
        return found
    for kind in asked:
        says = kind in own
        others = any(kind in rival for rival in rivals)
        if says != others:
            side = f"{'own' if says else 'rival'}:{key}"
            found[side] = found.get(side, 0.0) + 1.0 / len(asked)
    return found


def feature_names(kinds: Sequence[str]) -> list[str]:
    """Every feature, in the order of a vector, for the question kinds `kinds` (the lexicon's, sorted)."""
    asked = [k for k in sorted(kinds) if k != "setup"]
    return [*FEATURES, *[f"answers:{k}" for k in asked], *[f"weakly:{k}" for k in asked]]


def features(signals: Mapping[str, float], score: float, best: float, place: int, setup_asked: bool,
             own_edition: bool) -> dict[str, float]:
    """The named features of one candidate from its first-stage `signals` and `score`, `best` being the best
    candidate's score (a feature that is 0 may be left out)."""
    found = {key: value for key, value in signals.items() if key not in ("words", "grams")}
    found["base"] = max(BASE_FLOOR, math.log(score / best)) if score > 0 and best > 0 else BASE_FLOOR
    found["first"] = 1.0 if place == 0 else 0.0
    found["place"] = 1.0 / (1 + place)
    total = signals.get("words", 0.0) + signals.get("grams", 0.0)
    if total > 0:
        found["words"] = signals.get("words", 0.0) / total
        found["grams"] = signals.get("grams", 0.0) / total
    found["setup_asked"] = 1.0 if setup_asked and signals.get("setup") else 0.0
    found["own_edition"] = 1.0 if own_edition else 0.0
    return found


class Ranker:
    """A linear model over named features: `score(features) = Σ weight × value`; and a logistic one over the
    `doubt_features` of a question, whose probability that no rule answers it (`no_match`) above `NO_MATCH` makes
    the look-up say "no match"."""

    __slots__ = ("candidates", "doubt", "weights")

    def __init__(self, weights: Mapping[str, float], candidates: int = CANDIDATES,
                 doubt: Mapping[str, float] | None = None) -> None:
        self.weights = dict(weights)
        self.candidates = candidates
        self.doubt = dict(doubt or {})

    def score(self, named: Mapping[str, float]) -> float:
        return sum(self.weights.get(key, 0.0) * value for key, value in named.items())

    def no_match(self, doubt: Mapping[str, float]) -> float:
        """The probability that no rule answers a question with these `doubt_features` (0 without a model)."""
        if not self.doubt:
            return 0.0
        logit = sum(self.doubt.get(key, 0.0) * value for key, value in doubt.items())
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, logit))))

    def rejects(self, doubt: Mapping[str, float]) -> bool:
        return self.no_match(doubt) > NO_MATCH

    @staticmethod
    def load(path: Path = WEIGHTS_PATH) -> Ranker | None:
        """The committed ranker, or None when there is no weights file (the first stage's order then stands)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        return Ranker(data["weights"], int(data.get("candidates", CANDIDATES)), data.get("no_match"))


_LOADED: list[Ranker | None] = []


def committed() -> Ranker | None:
    """The committed ranker, read once per process."""
    if not _LOADED:
        _LOADED.append(Ranker.load())
    return _LOADED[0]
