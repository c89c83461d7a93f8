"""Translation checks: per-sentence features (:mod:`.features`), language lexicons (:mod:`.lexicon`) and the
checks on aligned sentence pairs (:mod:`.pair_checks`). Kept import-free so that :mod:`translations.alignment`
can use the features without a cycle."""
