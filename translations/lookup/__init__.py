"""Rule look-up: the index built at generation time (:mod:`.index`) and the fast, standard-library-only search
that answers a query from it (:mod:`.search`)."""
