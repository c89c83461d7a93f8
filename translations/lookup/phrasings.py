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
from collections.abc import Iterable
from pathlib import Path

PHRASINGS_PATH = Path(__file__).resolve().with_name("phrasings.json")


class Phrasings:
    """Per game and rule, the stems of the questions it answered and how many used each."""

    __slots__ = ("_bags", "_idf", "_parsed", "_unknown", "rules")

    def __init__(self, rules: dict[str, dict[str, str]]) -> None:
        #: game → rule id → `" stem:count stem:count "`: the stems of the questions about the rule, each with how many
        #: used it. Kept as loaded, a string per rule, and read only for the few candidates a question has: this is
        #: on the start-up path, and parsing every rule's stems would cost more than the whole re-ranking.
        self.rules = rules
        self._bags = [bag for by_rule in rules.values() for bag in by_rule.values()]
        self._unknown = math.log(1.0 + len(self._bags))  # a stem no earlier question used: as rare as can be
        self._idf: dict[str, float] = {}
        self._parsed: dict[tuple[str, str], dict[str, int]] = {}

    @staticmethod
    def learn(asked: Iterable[tuple[str, str, Iterable[str]]]) -> Phrasings:
        """The phrasings of `(game, rule id, stems)` triples, one per question and right answer."""
        counted: dict[str, dict[str, dict[str, int]]] = {}
        for game, rule, stems in asked:
            bag = counted.setdefault(game, {}).setdefault(rule, {})
            for stem in set(stems):
                bag[stem] = bag.get(stem, 0) + 1
        return Phrasings({game: {rule: " " + " ".join(f"{stem}:{count}" for stem, count in sorted(bag.items())) + " "
                                 for rule, bag in sorted(by_rule.items())}
                          for game, by_rule in sorted(counted.items())})

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
        bag = self.bag(game, rule)
        if not bag:
            return {}
        stems = list(stems)
        total = sum(self.idf(stem) for stem in stems)
        shared = [stem for stem in stems if stem in bag]
        if not shared or total <= 0:
            return {}
        return {"phrased": sum(self.idf(stem) for stem in shared) / total,
                "phrased_weight": math.log(1.0 + sum(bag[stem] * self.idf(stem) for stem in shared))}

    def to_json(self, learned_from: list[str]) -> str:
        """The data file's text: sorted, so the same questions always give the same bytes."""
        data = {"learned_from": learned_from, "rules": self.rules}
        return json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"

    @staticmethod
    def load(path: Path = PHRASINGS_PATH) -> Phrasings | None:
        """The committed phrasings, or None when there is no file (the features are then 0)."""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        return Phrasings(data["rules"])


_LOADED: list[Phrasings | None] = []


def committed() -> Phrasings | None:
    """The committed phrasings, read once per process."""
    if not _LOADED:
        _LOADED.append(Phrasings.load())
    return _LOADED[0]
