"""The translation audit: read each edition's text (:mod:`.ingest`, :mod:`.segment`), embed and align the
sentences (:mod:`.embeddings`, :mod:`.alignment`), compare what aligned sentences say (:mod:`.features`,
:mod:`.lexicon`, :mod:`.checks`, :mod:`.examples`), and rank and report the discrepancies
(:mod:`.pipeline`, :mod:`.reports`). Kept import-free: importing a submodule must not load the encoder or spaCy."""
