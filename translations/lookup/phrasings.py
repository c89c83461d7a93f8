"""How players have asked for each rule: words learned from question sets, a signal of the look-up's second stage.

The first stage matches a question against what the rules *say*. Players often ask in other words: "where do the
ship tiles go after I used them" is about returning ships, "star marker" about frame markers. Those words are
nowhere in the rule, but other players asking about the same rule used them too. So, from question sets whose
right answers are known (the tuning set and the spent held-out sets, see `benchmarks/fit_lookup_ranking.py`), each
rule keeps the stems of the questions it answered, with how many questions used each. A new question is then
compared with those phrasings (`Phrasings.features`):

* `phrased`: the share of the question's information (IDF over the rules' phrasings) that earlier questions
  about the rule also said;
* `phrased_weight`: log(1 + Σ count × IDF) over those shared stems: how often, and how tellingly.

Beyond one rule (round seven), the same questions teach two more things:

* **Sections.** The questions about any rule of a section are pooled: "before the game", "Spielbeginn", "aan het
  begin" are said of many setup steps, so a question saying them leans to that section even when nobody asked
  about that very rule. `phrased_section` is a naive-Bayes log-likelihood ratio of the question's stems under the
  section's pooled questions against all questions of the game (add-one smoothed, averaged over its stems).
* **Family.** A sub-rule is asked like its parent and vice versa: `phrased_parent` is the `phrased` share of the
  rule's parent's phrasings, `phrased_child` the best of its sub-rules'; the weights learn the discount.

And the phrasings are a *source of candidates* (`suggest`): a rule the first stage ranked below its best few, whose
earlier questions said most of this one, joins the candidates (`suggested`), so a paraphrase the rules' own words
miss can still be put first.

Only the best candidates of the first stage get these features, and the re-ranking's weights decide how much they
count. The weights are fitted with each fit file's phrasings learned from the *other* files only, so they measure
what phrasings of other askers are worth for a new asker, not how well a question recalls itself.

A question is compared by what the search read it as (`search.Answer.stems`: per word the term it resolved to
first, so a typo counts as the word meant, or its stem when no rule uses the word), so learning and asking use the
same reading. The data is `phrasings.json` beside this module, written with
`ranking.json` by the fit; without it the features are 0. Standard library only: this is on the run-time path.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from pathlib import Path

PHRASINGS_PATH = Path(__file__).resolve().with_name("phrasings.json")
#: The share of a question's information (`phrased`) a rule's earlier questions must have said for `suggest` to
#: offer the rule as a candidate the first stage did not rank among its best.
SUGGEST_SHARE = 0.6
#: How many of the question's stems a rule's earlier questions must have said for `suggest` to offer it: a
#: paraphrase is several words; one shared word ("milestone") is a name every rule of its family was asked with.
SUGGEST_WORDS = 2
#: How many questions' worth of the game's own rate a section's rate of a stem starts from (`section`): a small
#: section's few questions alone would make any of their words look like its own.
SECTION_PRIOR = 10


def section_of(rule: str) -> str:
    """The section a rule id belongs to: its first part (`actions.settle.one` → `actions`)."""
    return rule.partition(".")[0]


def _count(bag: str, key: str) -> int:
    """The count after `key` (`" stem:"`) in a bag's text, 0 when the stem is not in it."""
    start = bag.find(key)
    if start < 0:
        return 0
    start += len(key)
    return int(bag[start:bag.index(" ", start)])


class Phrasings:
    """Per game and rule, the stems of the questions it answered and how many used each."""

    __slots__ = ("_bags", "_idf", "_parsed", "_pooled", "_unknown", "rules", "sections")

    def __init__(self, rules: dict[str, dict[str, str]], sections: dict[str, dict[str, str]] | None = None) -> None:
        #: game → rule id → `" stem:count stem:count "`: the stems of the questions about the rule, each with how many
        #: used it. Kept as loaded, a string per rule, and read only for the few candidates a question has: this is
        #: on the start-up path, and parsing every rule's stems would cost more than the whole re-ranking.
        self.rules = rules
        self._bags = [bag for by_rule in rules.values() for bag in by_rule.values()]
        self._unknown = math.log(1.0 + len(self._bags))  # a stem no earlier question used: as rare as can be
        self._idf: dict[str, float] = {}
        self._parsed: dict[tuple[str, str], dict[str, int]] = {}
        #: game → section → `" #:questions stem:count … "`: the stems of every question about a rule of the section.
        self.sections = sections if sections is not None else {}
        self._pooled: dict[str, tuple[int, dict[str, int]]] = {}

    @staticmethod
    def learn(asked: Iterable[tuple[str, str, Iterable[str]]]) -> Phrasings:
        """The phrasings of `(game, rule id, stems)` triples, one per question and right answer."""
        counted: dict[str, dict[str, dict[str, int]]] = {}
        pooled: dict[str, dict[str, dict[str, int]]] = {}
        for game, rule, stems in asked:
            for bag in (counted.setdefault(game, {}).setdefault(rule, {}),
                        pooled.setdefault(game, {}).setdefault(section_of(rule), {})):
                bag["#"] = bag.get("#", 0) + 1
                for stem in set(stems):
                    bag[stem] = bag.get(stem, 0) + 1

        def text(bags: dict[str, dict[str, dict[str, int]]], questions: bool) -> dict[str, dict[str, str]]:
            return {game: {key: " " + " ".join(f"{stem}:{count}" for stem, count in sorted(bag.items())
                                               if questions or stem != "#") + " "
                           for key, bag in sorted(by_key.items())}
                    for game, by_key in sorted(bags.items())}

        return Phrasings(text(counted, False), text(pooled, True))

    def bag(self, game: str, rule: str) -> dict[str, int]:
        """stem → how many questions about the rule used it (empty for a rule nobody asked about)."""
        found = self._parsed.get((game, rule))
        if found is None:
            pairs = (item.rpartition(":") for item in self.rules.get(game, {}).get(rule, "").split())
            found = self._parsed[(game, rule)] = {stem: int(count) for stem, _, count in pairs}
        return found

    def idf(self, stem: str) -> float:
        """Rarity of `stem` among the rules' phrasings: a stem many rules were asked with ("ship", "Karte") tells
        little. Counted for the stems a question uses only."""
        found = self._idf.get(stem)
        if found is None:
            key = f" {stem}:"
            count = sum(1 for bag in self._bags if key in bag)
            found = self._idf[stem] = math.log(1.0 + len(self._bags) / count) if count else self._unknown
        return found

    def features(self, stems: Iterable[str], game: str, rule: str) -> dict[str, float]:
        """`phrased` and `phrased_weight` of a question with `stems` for one rule (empty when nothing is shared)."""
        # Read from the rule's text, not parsed: a question has a few stems, and this runs for every candidate and
        # every rule the phrasings might suggest, on the start-up path.
        text = self.rules.get(game, {}).get(rule)
        if not text:
            return {}
        stems = list(stems)
        total = sum(self.idf(stem) for stem in stems)
        counts = {stem: _count(text, f" {stem}:") for stem in stems}
        shared = [stem for stem in stems if counts[stem]]
        if not shared or total <= 0:
            return {}
        return {"phrased": sum(self.idf(stem) for stem in shared) / total,
                "phrased_weight": math.log(1.0 + sum(counts[stem] * self.idf(stem) for stem in shared))}

    def contrast(self, stems: Sequence[str], candidates: Sequence[tuple[str, str]]) -> list[dict[str, float]]:
        """Per candidate (`(game, rule id)`), `phrased_own`: the share of the question's information that earlier
        questions about it said and those about none of the other candidates did; `phrased_rival`: that some other
        candidate's said and its own did not; `phrased_own_weight`: log(1 + Σ count × IDF) over its own stems, as
        `phrased_weight`. "how many compass tiles are revealed at the start": every rule about
        compass tiles was asked with "compass tile", which tells them apart no more than the rules' own words do;
        what only one of them was asked with ("start", "revealed") does."""
        stems = list(dict.fromkeys(stems))
        total = sum(self.idf(stem) for stem in stems)
        texts = [self.rules.get(game, {}).get(rule, "") for game, rule in candidates]
        said = [{stem for stem in stems if f" {stem}:" in text} for text in texts]
        found: list[dict[str, float]] = []
        for number, own in enumerate(said):
            others = set().union(*(other for place, other in enumerate(said) if place != number))
            measured: dict[str, float] = {}
            if total > 0:
                alone = sum(self.idf(stem) for stem in own - others)
                missed = sum(self.idf(stem) for stem in others - own)
                if alone:
                    measured["phrased_own"] = alone / total
                    measured["phrased_own_weight"] = math.log(1.0 + sum(
                        _count(texts[number], f" {stem}:") * self.idf(stem) for stem in own - others))
                if missed:
                    measured["phrased_rival"] = missed / total
            found.append(measured)
        return found

    def family(self, stems: Sequence[str], game: str, rule: str) -> dict[str, float]:
        """`phrased_parent` and `phrased_child`: the `phrased` share of the rule's parent's phrasings, and the best of
        its sub-rules' (empty when neither shares a stem)."""
        found: dict[str, float] = {}
        parent = rule.rpartition(".")[0]
        if parent:
            share = self.features(stems, game, parent).get("phrased", 0.0)
            if share:
                found["phrased_parent"] = share
        prefix = rule + "."
        children = [other for other in self.rules.get(game, {}) if other.startswith(prefix)]
        share = max((self.features(stems, game, child).get("phrased", 0.0) for child in children), default=0.0)
        if share:
            found["phrased_child"] = share
        return found

    def pooled(self, game: str) -> tuple[int, dict[str, str]]:
        """How many questions the game's sections were learned from, and its sections' bags."""
        bags = self.sections.get(game, {})
        cached = self._pooled.get(game)
        if cached is None:
            total = sum(int(bag.split(None, 1)[0].partition(":")[2]) for bag in bags.values())
            cached = self._pooled[game] = (total, {})
        return cached[0], bags

    def section(self, stems: Sequence[str], game: str, rule: str) -> dict[str, float]:
        """`phrased_section`: how much likelier the question's stems are among earlier questions about the rule's
        section than among all questions about the game (mean log ratio; empty without data). The section's rate of
        a stem is shrunk toward the game's by `SECTION_PRIOR` questions: a section asked about eleven times, two of
        them with "milestone", is no stronger evidence than one asked about 240 times, 26 of them with it."""
        total, bags = self.pooled(game)
        bag = bags.get(section_of(rule))
        if not bag or not stems:
            return {}
        asked = int(bag.split(None, 1)[0].partition(":")[2])
        ratio = 0.0
        for stem in stems:
            key = f" {stem}:"
            here = _count(bag, key)
            everywhere = sum(_count(other, key) for other in bags.values())
            game_rate = (everywhere + 1) / (total + 2)
            ratio += math.log((here + SECTION_PRIOR * game_rate) / (asked + SECTION_PRIOR)) - math.log(game_rate)
        return {"phrased_section": ratio / len(stems)}

    def suggest(self, stems: Sequence[str], candidates: Sequence[tuple[str, str]], count: int) -> list[int]:
        """The places in `candidates` (`(game, rule id)`, best first stage first) of at most `count` rules whose
        earlier questions said at least `SUGGEST_SHARE` of the question in at least `SUGGEST_WORDS` of its stems, the
        most said first (ties: earlier place)."""
        stems = list(stems)
        keys = list(dict.fromkeys(f" {stem}:" for stem in stems))
        scored = []
        for place, (game, rule) in enumerate(candidates):
            text = self.rules.get(game, {}).get(rule)
            if not text or not any(key in text for key in keys):
                continue  # a cheap test first: most rules share no stem with the question
            if sum(1 for key in keys if key in text) < SUGGEST_WORDS:
                continue
            share = self.features(stems, game, rule).get("phrased", 0.0)
            if share >= SUGGEST_SHARE:
                scored.append((-share, place))
        return [place for _, place in sorted(scored)[:count]]

    def to_json(self, learned_from: list[str]) -> str:
        """The data file's text: sorted, so the same questions always give the same bytes."""
        data = {"learned_from": learned_from, "rules": self.rules, "sections": self.sections}
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    @staticmethod
    def load(path: Path = PHRASINGS_PATH) -> Phrasings | None:
        """The committed phrasings, or None when there is no file (the features are then 0)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        return Phrasings(data["rules"], data.get("sections"))


_LOADED: list[Phrasings | None] = []


def committed() -> Phrasings | None:
    """The committed phrasings, read once per process."""
    if not _LOADED:
        _LOADED.append(Phrasings.load())
    return _LOADED[0]
