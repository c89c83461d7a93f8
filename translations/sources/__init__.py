"""Where the rulebook texts come from and how the spec cites them: editions and their source files
(:mod:`.editions`), citations and their fingerprints (:mod:`.citations`), and the share of each edition's
sentences the spec cites (:mod:`.trace`)."""
