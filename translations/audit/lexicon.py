"""Language lexicons of the checks: the words that carry numbers, modality, quantity, negation, time and conditions.

These are facts of English, German and Dutch, not of any game: every game's audit uses them. Each class maps a
language to phrases; a phrase is matched on whole tokens (lower case), or on the tokens' lookup lemmas, so
``darfst`` is found through its lemma ``dürfen``. A language without an entry simply has no markers (the check
then stays silent rather than guessing).
"""

from __future__ import annotations

#: Cardinal number words. "Strong" words always mean the number.
NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
        "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "second": 2, "third": 3, "fourth": 4,
        "fifth": 5, "twice": 2, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5,
    },
    "de": {
        "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8, "neun": 9,
        "zehn": 10, "elf": 11, "zwölf": 12, "fünfzehn": 15, "zwanzig": 20, "zweite": 2, "zweiten": 2, "dritte": 3,
        "dritten": 3, "vierte": 4, "vierten": 4, "fünfte": 5, "zweimal": 2, "zweitmeisten": 2,
    },
    "nl": {
        "één": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9,
        "tien": 10, "elf": 11, "twaalf": 12, "vijftien": 15, "twintig": 20, "tweede": 2, "derde": 3, "vierde": 4,
        "vijfde": 5, "tweemaal": 2,
    },
}

#: Phrases where a number word counts nothing ("one at a time"): never read as numbers.
NUMBER_IDIOMS: dict[str, tuple[str, ...]] = {
    "en": ("one at a time", "one by one", "one another"),
    "de": ("eins nach dem anderen",),
    "nl": ("één voor één", "één voor een"),
}

#: Number words that rank rather than count ("second place"): never compared for bounds.
#: Frequency words ("twice", "zweimal") count as ranks too: "a second time" and "twice" say how often, not how
#: many of something, and are compared only with another rank or frequency.
ORDINAL_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("first", "second", "third", "fourth", "fifth", "2nd", "3rd", "4th", "5th", "twice"),
    "de": (
        "erste", "ersten", "erster", "zweite", "zweiten", "dritte", "dritten", "vierte", "vierten", "fünfte",
        "zweimal", "zweitmeisten",
    ),
    "nl": ("eerste", "tweede", "derde", "vierde", "vijfde", "tweemaal"),
}

#: Words that may stand for a number without stating it (articles, "first", "both"): they never raise a
#: number finding themselves, but they do answer one (``1`` against "a"/"ein"/"een" is no difference).
WEAK_NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"a": 1, "an": 1, "first": 1, "once": 1, "single": 1, "both": 2, "another": 1, "additional": 1},
    "de": {
        "ein": 1, "eine": 1, "einen": 1, "einem": 1, "einer": 1, "eines": 1, "erste": 1, "ersten": 1, "erster": 1,
        "einmal": 1, "einmalig": 1, "beide": 2, "beiden": 2, "weitere": 1, "weiteren": 1, "zusätzlich": 1,
        "zusätzliche": 1, "zusätzlichen": 1,
    },
    "nl": {
        "een": 1, "eerste": 1, "eenmaal": 1, "één": 1, "beide": 2, "extra": 1, "nog": 1,
    },
}

#: Phrases right before a number that bound it: "up to 3" is a maximum, "at least 6" a minimum.
NUMBER_BOUNDS: dict[str, dict[str, tuple[str, ...]]] = {
    "max": {
        "en": ("up to", "at most", "a maximum of", "maximum of", "no more than", "not more than"),
        "de": ("bis zu", "höchstens", "maximal", "max."),
        "nl": ("tot", "ten hoogste", "hoogstens", "maximaal", "tot maximaal", "max."),
    },
    "min": {
        "en": ("at least", "a minimum of", "minimum of"),
        "de": ("mindestens", "wenigstens"),
        "nl": ("ten minste", "minstens", "minimaal", "tenminste"),
    },
}

#: Words before a number that make it a page reference (never compared: layouts differ).
PAGE_WORDS: dict[str, tuple[str, ...]] = {"en": ("page", "p"), "de": ("seite", "s"), "nl": ("blz", "pagina")}

#: Marker classes compared between aligned sentences: class -> language -> phrases.
MARKERS: dict[str, dict[str, dict[str, tuple[str, ...]]]] = {
    "modality": {
        "permission": {
            "en": ("may", "can", "could", "allowed", "permitted", "able to", "free to"),
            "de": ("dürfen", "darf", "darfst", "dürft", "dürfte", "können", "kann", "kannst", "könnt", "erlaubt"),
            "nl": ("mogen", "mag", "mocht", "kunnen", "kan", "kun", "toegestaan", "mogelijk"),
        },
        "obligation": {
            "en": ("must", "have to", "has to", "need to", "needs to", "required", "obliged"),
            "de": ("müssen", "muss", "musst", "müsst", "verpflichtet"),
            "nl": ("moeten", "moet", "verplicht"),
        },
    },
    "quantifier": {
        "each": {
            "en": ("each", "every", "per"),
            "de": ("jede", "jeder", "jedes", "jeden", "jedem", "pro", "je", "jeweils"),
            "nl": ("elk", "elke", "ieder", "iedere", "per"),
        },
        "all": {
            "en": ("all",),
            "de": ("alle", "allen", "aller", "alles", "sämtliche"),
            "nl": ("alle", "allemaal", "al"),
        },
        "only": {
            "en": ("only", "solely", "exclusively"),
            "de": ("nur", "ausschließlich", "lediglich"),
            "nl": ("alleen", "slechts", "uitsluitend", "enkel", "maar"),
        },
        "up_to": {
            "en": ("up to", "at most", "maximum", "no more than"),
            "de": ("bis zu", "höchstens", "maximal", "höchstmöglich", "höchstmögliche", "höchstmöglichen"),
            "nl": ("ten hoogste", "hoogstens", "maximaal", "maximum"),
        },
        "at_least": {
            "en": ("at least", "or more", "minimum"),
            "de": ("mindestens", "oder mehr", "wenigstens"),
            "nl": ("ten minste", "minstens", "of meer", "tenminste"),
        },
    },
    "negation": {
        "negation": {
            "en": ("not", "no", "never", "none", "cannot", "can't", "don't", "doesn't", "nothing", "neither", "nor",
                   "no one", "without"),
            "de": ("nicht", "kein", "keine", "keinen", "keinem", "keiner", "keines", "nie", "niemals", "nichts",
                   "ohne", "weder", "niemand"),
            "nl": ("niet", "geen", "nooit", "niets", "zonder", "noch", "niemand"),
        },
    },
    "timing": {
        "immediately": {
            "en": ("immediately", "at once", "right away", "instantly"),
            "de": ("sofort", "unmittelbar", "umgehend"),
            "nl": ("direct", "meteen", "onmiddellijk", "dadelijk"),
        },
        "end": {
            "en": ("at the end", "end of"),
            "de": ("am ende", "ende"),
            "nl": ("aan het einde", "aan het eind", "einde"),
        },
        "beginning": {
            "en": ("at the beginning", "beginning of", "at the start", "start of"),
            "de": ("zu beginn", "am anfang", "beginn", "anfang"),
            "nl": ("aan het begin", "begin"),
        },
    },
    "condition": {
        "if": {
            "en": ("if", "whenever", "in case"),
            "de": ("wenn", "falls", "sofern", "sollte", "sollten"),
            "nl": ("indien", "wanneer", "mits", "zodra"),
        },
        "unless": {
            "en": ("unless", "except"),
            "de": ("außer", "es sei denn", "ausgenommen"),
            "nl": ("tenzij", "behalve", "uitgezonderd"),
        },
    },
}

#: Pronouns and articles that follow a clause-initial finite verb in a German or Dutch conditional clause
#: without a conjunction ("Passt das Plättchen nicht ...", "Heeft de speler ..."): used by the condition check.
VERB_FIRST_FOLLOWERS: dict[str, tuple[str, ...]] = {
    "de": ("du", "ihr", "es", "er", "sie", "man", "der", "die", "das", "ein", "eine", "kein", "keine", "dein",
           "deine", "dabei", "dort", "in", "auf", "beim"),
    "nl": ("je", "jij", "hij", "zij", "ze", "er", "de", "het", "een", "een", "geen", "een", "u", "men", "deze"),
}

#: Clause-initial words that are not verbs (adverbs, conjunctions) in German and Dutch.
NOT_VERBS: dict[str, tuple[str, ...]] = {
    "de": ("dann", "danach", "nun", "zuerst", "zuletzt", "auch", "hier", "so", "also", "dabei", "dort", "in", "auf",
           "für", "bei", "mit", "nach", "zu", "am", "im", "vor", "um", "der", "die", "das", "du", "ihr", "jeder",
           "jede", "eine", "ein", "alle", "diese", "dieser", "dieses", "wie", "da", "als", "daher", "darum", "statt"),
    "nl": ("dan", "daarna", "nu", "eerst", "tot", "ook", "hier", "zo", "dus", "daarbij", "daar", "in", "op", "voor",
           "bij", "met", "na", "aan", "de", "het", "een", "hij", "zij", "iedere", "elke", "alle", "deze", "die",
           "dit", "als", "om", "vervolgens", "omdat"),
}

#: "als" is "if" in Dutch only at the head of a clause; elsewhere it means "as".
CLAUSE_INITIAL_CONDITIONALS: dict[str, tuple[str, ...]] = {"nl": ("als",), "en": ("when",)}

#: Words that open a subordinate clause: a modal verb inside one ("as long as you can pay", "zolang hij kan
#: betalen", "wenn du kannst") states a condition or an ability, not what the rule permits or demands.
SUBORDINATORS: dict[str, tuple[str, ...]] = {
    "en": ("if", "when", "whenever", "unless", "as", "while", "because", "since", "until", "that", "which", "who",
           "so", "provided", "once", "where"),
    "de": ("wenn", "falls", "sofern", "solange", "als", "weil", "da", "bis", "dass", "ob", "außer", "ohne",
           "sobald", "welche", "welcher", "welches", "sodass", "damit", "wo", "wobei"),
    "nl": ("als", "indien", "zolang", "wanneer", "tenzij", "omdat", "totdat", "tot", "dat", "of", "zodra", "mits",
           "zodat", "waarmee", "waarbij", "waar", "die", "wat"),
}

#: Words that open a worked example block (no rule is stated there; findings there weigh less).
EXAMPLE_WORDS: dict[str, tuple[str, ...]] = {"en": ("example",), "de": ("beispiel",), "nl": ("voorbeeld",)}

#: Colours of players' pieces: a worked example names its players by them ("Yellow builds", "Gelb hat",
#: "the red player"). Only the uninflected form names a player ("rote Marker" is a marker's colour).
PLAYER_COLOURS: dict[str, frozenset[str]] = {
    "en": frozenset(("red", "blue", "yellow", "green", "white", "black", "purple", "orange", "grey", "gray", "pink")),
    "de": frozenset(("rot", "blau", "gelb", "grün", "weiß", "schwarz", "lila", "orange", "grau", "rosa")),
    "nl": frozenset(("rood", "blauw", "geel", "groen", "wit", "zwart", "paars", "oranje", "grijs", "roze")),
}

#: The word "player", which makes a colour before it a player's name ("the red player").
PLAYER_NOUNS: dict[str, frozenset[str]] = {
    "en": frozenset(("player", "player's", "player’s")),
    "de": frozenset(("spieler",)),
    "nl": frozenset(("speler",)),
}

#: Pronouns that address the reader: a rulebook written to "you" tells its examples about "him".
SECOND_PERSON: dict[str, frozenset[str]] = {
    "en": frozenset(("you", "your", "yours", "yourself")),
    "de": frozenset(("du", "dein", "deine", "deinen", "deinem", "deiner", "deines", "dir", "dich", "ihr", "euch",
                     "euer", "eure")),
    "nl": frozenset(("je", "jij", "jou", "jouw", "u", "uw")),
}

#: Third-person singular subject pronouns and possessives ("he pays", "his first ship", "er bezahlt", "seine
#: Schiffe", "hij betaalt"). Dutch "zijn" is left out: it is also the verb "to be".
THIRD_PERSON_SUBJECTS: dict[str, frozenset[str]] = {
    "en": frozenset(("he", "she", "his", "her")),
    "de": frozenset(("er", "sie", "sein", "seine", "seinen", "seinem", "seiner", "seines")),
    "nl": frozenset(("hij", "zij", "ze")),
}

#: Determiners that, before the word "player", make a sentence speak of any player ("each player ... he", "jeder
#: Spieler ... ob er", "de speler ... hij"): its third-person pronoun is then the rule's player, not an example's.
GENERIC_DETERMINERS: dict[str, frozenset[str]] = {
    "en": frozenset(("a", "an", "each", "every", "any", "all")),
    "de": frozenset(("ein", "eine", "einen", "einem", "einer", "jeder", "jede", "jedes", "jeden", "jedem", "alle",
                     "der", "die", "das", "den", "dem", "des")),
    "nl": frozenset(("een", "elke", "iedere", "ieder", "elk", "alle", "de", "het")),
}

#: Phrases that point elsewhere in the rulebook or to another sheet: such a sentence restates or announces a
#: rule, so a translation may leave it out without changing play.
REFERENCE_PHRASES: dict[str, tuple[str, ...]] = {
    "en": ("described above", "already described", "as described", "see page", "explained in detail",
           "described in detail", "described below", "explained below", "explained above", "explained later",
           "in the supplement", "section above", "section below", "next section"),
    "de": ("siehe", "wie oben", "bereits beschrieben", "oben beschrieben", "unten beschrieben", "ausführlich erklärt",
           "ausführlich beschrieben", "im beiblatt", "folgt gleich", "im folgenden"),
    "nl": ("zoals eerder beschreven", "eerder beschreven", "zie blz", "zie pagina", "uitgebreid beschreven",
           "uitgebreid uitgelegd", "in de bijlage", "volgen verderop", "hieronder", "hierboven"),
}

#: Frequent function words per language, to tell whether a file is written in the edition's language.
STOPWORDS: dict[str, frozenset[str]] = {
    "en": frozenset(
        (
            "the", "and", "of", "to", "a", "in", "is", "you", "your", "on",
            "for", "with", "each", "player", "it", "that", "this", "are", "be", "from",
        )
    ),
    "de": frozenset(
        (
            "der", "die", "das", "und", "du", "zu", "den", "auf", "ein", "eine",
            "ist", "mit", "dem", "nicht", "von", "sich", "für", "im", "spieler",
        )
    ),
    "nl": frozenset(
        (
            "de", "het", "een", "en", "van", "op", "in", "je", "hij", "voor",
            "met", "is", "zijn", "niet", "aan", "te", "die", "speler", "dat",
        )
    ),
}
