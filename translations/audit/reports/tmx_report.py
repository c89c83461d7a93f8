"""``rulespec audit --format tmx``: the aligned sentence pairs as a TMX 1.4 translation memory (translate-toolkit).

Only confident links go in (score >= the checks' threshold); 1:2 and 2:1 links become one unit with the
sentences joined. An edition whose id is not its language gets a private-use tag (``en-zman`` → ``en-x-zman``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Same threshold as the content checks: below it a link is a guess.
TMX_MIN_SCORE = 0.5


def language_tag(edition_id: str, language: str) -> str:
    """BCP 47 tag for an edition: its language, plus a private-use subtag when the id says more."""
    if edition_id == language:
        return language
    suffix = edition_id.split("-", 1)[1] if edition_id.startswith(language + "-") else edition_id
    return f"{language}-x-{suffix.replace('_', '-')[:8]}"


def render_tmx(result: Mapping[str, Any], min_severity: str = "low") -> str:
    """TMX of every audited pair's aligned sentences (``min_severity`` is accepted for a uniform API)."""
    from translate.storage import tmx

    _ = min_severity
    languages = {e["id"]: e["language"] for e in result["editions"]}
    sentences = result["alignment"]["sentences"]
    pairs = result["alignment"]["pairs"]
    first = pairs[0] if pairs else None
    store = tmx.tmxfile(
        sourcelanguage=language_tag(first["a"], languages[first["a"]]) if first else "en",
        targetlanguage=language_tag(first["b"], languages[first["b"]]) if first else "de",
    )
    for pair in pairs:
        a, b = pair["a"], pair["b"]
        tag_a, tag_b = language_tag(a, languages[a]), language_tag(b, languages[b])
        for ia, ib, score, _displaced in pair["links"]:
            if not ia or not ib or score < TMX_MIN_SCORE:
                continue
            source = " ".join(sentences[a][i][3] for i in ia)
            target = " ".join(sentences[b][j][3] for j in ib)
            store.addtranslation(source, tag_a, target, tag_b)
    return bytes(store).decode("utf-8")
