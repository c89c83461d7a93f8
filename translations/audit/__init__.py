"""The translation audit: read each edition's text (:mod:`.ingest`, :mod:`.segment`), embed and align the
sentences (:mod:`.embeddings`, :mod:`.alignment`), compare what aligned sentences say (:mod:`.features`,
:mod:`.lexicon`, :mod:`.checks`, :mod:`.examples`), and rank and report the discrepancies
(:mod:`.pipeline`, :mod:`.reports`). Kept import-free: importing a submodule must not load the encoder or spaCy.

Importing the package pins the BLAS library numpy loads to one thread (unless the environment already says
otherwise; it only takes effect when numpy is not loaded yet, as in ``rulespec audit``). The audit's matrices are
small (a few hundred sentences a side): on two shared cores, OpenBLAS threads spent most of their time spinning —
aligning six pairs took 1.45 s of CPU with the default threads and 0.41 s with one. It also makes the similarity
scores independent of the machine's core count, as the encoder process's already are (see
:class:`~translations.audit.embeddings.EmbeddingWorker`).
"""

import os

#: The variables the BLAS builds numpy may load read for their thread count.
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")

for _name in BLAS_THREAD_VARIABLES:
    os.environ.setdefault(_name, "1")
