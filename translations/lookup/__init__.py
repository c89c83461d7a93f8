"""Rule look-up: the index built at generation time (:mod:`.index`, with the cited passages of :mod:`.passages` and
the language facts of `lexicon.yaml` compiled by :mod:`.lexicon`), and the fast search that answers a question
from it (:mod:`.search`, reading the question with :mod:`.language`, showing the answer with :mod:`.present`)."""
