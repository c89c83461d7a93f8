"""The action codes: every legal action of many random games round-trips, and a gap in the table fails clearly."""

from __future__ import annotations

import random

import pytest

from engine.adapters.codes import (
    COPIES,
    IDENTITY_LIMIT,
    IDENTITY_MODULE,
    MEMO_LIMIT,
    ActionCodes,
    UnencodableActionError,
    action_codes,
)
from engine.adapters.identity import IdentityMap
from engine.adapters.profile import adapted_games, game_profile
from engine.adapters.stepper import IllegalCodeError, Stepper
from engine.runtime.api import Action, GameConfig
from engine.runtime.registry import load_game

RNFL = "race_to_the_new_found_land"
FD = "francis_drake"
#: (game, players, edition): every player count of both games, and every edition of Race to the New Found Land
CONFIGS = [
    *[(RNFL, n, edition) for n in (2, 3, 4) for edition in game_profile(RNFL).editions],
    *[(FD, n, None) for n in (3, 4, 5)],
]


def test_both_games_are_adapted() -> None:
    assert adapted_games() == (FD, RNFL)


@pytest.mark.parametrize(("game_id", "players", "edition"), CONFIGS)
def test_every_legal_action_round_trips(game_id: str, players: int, edition: str | None) -> None:
    """In random games (random over the codes, as an agent plays), every legal action of every decision has codes
    in 0 … N-1, no two share them, the steps a player gives decode to it, and the stepper plays what it decodes.
    The options are the engine's legal actions, less only what an opening entry's choice leaves out."""
    codes = action_codes(game_id)
    games = 10 if game_id == RNFL else 20
    detours = 0
    for seed in range(games):
        state = load_game(GameConfig(game=game_id, players=players, seed=seed, edition=edition)).new_initial_state()
        stepper = Stepper(state)
        rng = random.Random(seed)
        while not stepper.is_terminal():
            legal = state.legal_actions()
            assert len(set(legal)) == len(legal), "the engine lists an action twice"
            encoded = [codes.encode(a) for a in legal]
            assert len(set(encoded)) == len(legal)
            assert all(0 <= c < codes.size for e in encoded for c in e)
            opened = codes.openers.get(state.history[-1].kind) if state.history else None
            options = stepper.options()
            assert options == [a for a in legal if not opened or a.kind not in opened]
            for action in options:
                assert stepper.decode(stepper.steps_of(action)) == action
                assert stepper.decode(codes.encode(action)) == action
            chosen = options[rng.randrange(len(options))]
            detours += opened is not None
            played = None
            for code in stepper.steps_of(chosen):
                assert code in stepper.legal_codes()
                played = stepper.apply(code)
            assert played == chosen
            assert state.history[-1] == chosen
    if game_id == RNFL:
        assert detours > 0, "no 1x card was played through the play_card entry"


def test_the_card_choice_opened_by_play_card_offers_the_cards_only() -> None:
    """After ``play_card`` the engine offers ``done`` and the cards; the adapters offer the cards, so every
    opening plays a card (the engine's ``done`` there changes nothing, and could be chosen forever)."""
    codes = action_codes(RNFL)
    (entry,) = codes.encode(Action.make("play_card"))
    assert codes.drops_after == {entry: frozenset({"done"})}
    for seed in range(20):
        stepper = Stepper(load_game(GameConfig(game=RNFL, players=3, seed=seed)).new_initial_state())
        rng = random.Random(seed)
        while not stepper.is_terminal():
            legal = stepper.legal_codes()
            if entry in legal:
                player = stepper.current_player
                assert stepper.apply(entry) == Action.make("play_card")
                engine_options = stepper.state.legal_actions()
                assert engine_options[0] == Action.make("done") and len(engine_options) >= 2
                assert stepper.options() == engine_options[1:]
                assert all(a.kind == "play" for a in stepper.options()) and stepper.current_player == player
                done = codes.encode(Action.make("done"))[0]
                with pytest.raises(IllegalCodeError):
                    stepper.apply(done)
                copy = Stepper.from_json(stepper.to_json())  # rebuilt from the history: the same options
                assert copy.legal_codes() == stepper.legal_codes()
                return
            stepper.apply(legal[rng.randrange(len(legal))])
    pytest.fail("no play_card entry in 20 games")


def test_stepper_asks_the_next_step_when_the_first_leaves_several_actions() -> None:
    """A ship that can be paid for in several ways: choosing the ship leaves the payments, asked as a second step."""
    codes = action_codes(RNFL)
    for seed in range(30):
        stepper = Stepper(load_game(GameConfig(game=RNFL, players=4, seed=seed)).new_initial_state())
        rng = random.Random(seed)
        while not stepper.is_terminal():
            legal = stepper.legal_actions()
            firsts = [codes.encode(a)[0] for a in legal]
            shared = [c for c in set(firsts) if firsts.count(c) > 1]
            if shared:
                player = stepper.current_player
                assert stepper.apply(shared[0]) is None  # nothing played yet
                assert stepper.prefix == [shared[0]]
                assert stepper.current_player == player
                assert len(stepper.legal_actions()) == firsts.count(shared[0])
                assert all(codes.segment_of(c).step == 1 for c in stepper.legal_codes())
                return
            stepper.apply(stepper.legal_codes()[rng.randrange(len(stepper.legal_codes()))])
    pytest.fail("no decision with a shared first step in 30 games")


@pytest.mark.parametrize("game_id", [RNFL, FD])
def test_a_stepper_skipping_forced_decisions_asks_only_real_choices(game_id: str) -> None:
    """With ``skip_forced`` (what the adapters use) no decision with a single option is ever posed; the engine
    still plays it (a plain stepper following the same choices, and playing each forced option itself, reaches
    the same history), and a copy or a stepper rebuilt from JSON keeps skipping."""
    forced = 0
    for seed in range(6):
        config = GameConfig(game=game_id, players=4, seed=seed)
        skipping = Stepper(load_game(config).new_initial_state(), skip_forced=True)
        plain = Stepper(load_game(config).new_initial_state())
        rng = random.Random(seed)
        while not skipping.is_terminal():
            if not skipping.prefix:
                assert len(skipping.options()) >= 2
            while not plain.prefix and len(plain.options()) == 1:  # the forced decisions the other skipped
                plain.apply(plain.legal_codes()[0])
                forced += 1
            assert plain.state.history == skipping.state.history
            assert plain.legal_codes() == skipping.legal_codes()
            legal = skipping.legal_codes()
            code = legal[rng.randrange(len(legal))]
            skipping.apply(code)
            plain.apply(code)
        while not plain.is_terminal() and len(plain.options()) == 1:
            plain.apply(plain.legal_codes()[0])
            forced += 1
        assert plain.is_terminal() and plain.state.history == skipping.state.history
        for copy in (skipping.clone(), Stepper.from_json(skipping.to_json())):
            assert copy.skip_forced and copy.state.history == skipping.state.history
    assert forced > 0


def test_a_stepper_skipping_forced_decisions_plays_those_posed_at_once() -> None:
    """Wrapping a state whose decision has one option plays it (and the ones after it) at once."""
    stepper = Stepper(load_game(GameConfig(game=RNFL, players=4, seed=3)).new_initial_state())
    rng = random.Random(3)
    while not stepper.is_terminal():
        if len(stepper.options()) == 1 and not stepper.prefix:
            history = list(stepper.state.history)
            wrapped = Stepper(stepper.state, skip_forced=True)
            assert len(wrapped.state.history) > len(history) and wrapped.state.history[: len(history)] == history
            assert wrapped.is_terminal() or len(wrapped.options()) >= 2
            return
        legal = stepper.legal_codes()
        stepper.apply(legal[rng.randrange(len(legal))])
    pytest.fail("no forced decision in a game")


def test_illegal_code_is_refused_and_changes_nothing() -> None:
    stepper = Stepper(load_game(GameConfig(game=FD, players=3, seed=1)).new_initial_state())
    legal = stepper.legal_codes()
    illegal = next(c for c in range(action_codes(FD).size) if c not in legal)
    with pytest.raises(IllegalCodeError, match="not legal now"):
        stepper.apply(illegal)
    assert stepper.legal_codes() == legal and stepper.state.history == []


def test_an_action_the_table_lacks_fails_clearly() -> None:
    codes = action_codes(RNFL)
    with pytest.raises(UnencodableActionError, match=r"action kind 'bribe' .* has no code"):
        codes.encode(Action.make("bribe"))
    with pytest.raises(UnencodableActionError, match="not in domain 'good'"):
        codes.encode(Action.make("load", good="good.spice"))
    with pytest.raises(UnencodableActionError, match=r"argument.*colour"):
        codes.encode(Action.make("load", good="good.wood", colour="red"))
    with pytest.raises(UnencodableActionError, match="missing good"):
        codes.encode(Action.make("load"))


@pytest.mark.parametrize("game_id", [RNFL, FD])
def test_the_code_table_is_a_partition_of_0_to_n(game_id: str) -> None:
    """Segments tile 0 … N-1 without gap or overlap; every code describes itself, and distinct codes differently."""
    codes = action_codes(game_id)
    assert codes.size == sum(s.size for s in codes.segments)
    assert [s.offset for s in codes.segments] == [sum(t.size for t in codes.segments[:i]) for i in range(len(codes.segments))]
    texts = [codes.describe(c) for c in range(codes.size)]
    assert len(set(texts)) == codes.size
    assert texts[0].split()[0] == next(iter(codes.kinds))


def test_codes_of_an_action_are_stable() -> None:
    """The map is documented and fixed by the spec: a known action has known codes."""
    codes = action_codes(RNFL)
    load = codes.encode(Action.make("load", good="good.wood"))
    assert codes.describe(load[0]) == "load good=good.wood"
    build = codes.encode(Action.make("build", ship="ship.large.l01", pay=("good.wood", "good.gold")))
    assert [codes.describe(c) for c in build] == [
        "build#1 ship=ship.large.l01 -",
        "build#2 pay=[good.wood,good.gold]",
    ]
    # the ship given up is chosen with the ship built (most builds are then one step), the payment after
    swap = codes.encode(Action.make("build", ship="ship.large.l01", pay=("good.wood",), discard="ship.small.regular.s04"))
    assert len(swap) == 2 and swap[0] != build[0] and codes.segment_of(swap[0]) == codes.segment_of(build[0])
    assert codes.describe(swap[0]) == "build#1 ship=ship.large.l01 discard=ship.small.regular.s04"
    # a tile and its space: one step
    (place,) = codes.encode(Action.make("place", tile=codes.domains["island_tile"].values[0], space="island.newfoundland.s1"))
    assert codes.describe(place).startswith("place tile=")


def test_the_table_is_read_from_the_generated_module_only() -> None:
    """A code table is built from any module with the right names (what the template renders)."""
    import types

    table = types.ModuleType("tiny")
    table.DOMAINS = {"good": ("a", "b")}  # type: ignore[attr-defined]
    table.MULTISETS = {"pay": ("good", 2)}  # type: ignore[attr-defined]
    table.KINDS = {"done": (), "buy": (("good:good",), ("pay:pay",))}  # type: ignore[attr-defined]
    codes = ActionCodes(table)
    assert codes.size == 1 + 2 + 6  # done; a or b; (), (a), (b), (a,a), (a,b), (b,b)
    assert codes.encode(Action.make("buy", good="b", pay=("a", "b"))) == (2, 3 + 4)


@pytest.mark.parametrize("identity_first", [True, False])
@pytest.mark.parametrize("game_id", [RNFL, FD])
def test_a_decision_is_encoded_alike_whichever_memo_is_asked_first(game_id: str, identity_first: bool) -> None:
    """``encode_each`` (one memo look-up per legal action, the stepper's path) gives what a fresh table computes
    for each action, whether it tries the identity memo first (compiled) or the dict alone (interpreted), for
    the listed objects and for equal actions built anew; only the identity mode fills the identity memo."""
    import importlib

    table = importlib.import_module(f"engine.{game_id}.generated.action_codes")
    codes, fresh = ActionCodes(table, identity_first=identity_first), ActionCodes(table, identity_first=False)
    for seed in range(3):
        state = load_game(GameConfig(game=game_id, players=4, seed=seed)).new_initial_state()
        stepper = Stepper(state, codes)
        rng = random.Random(seed)
        while not stepper.is_terminal():
            legal = state.legal_actions()
            expected = [fresh._encode(a) for a in legal]
            assert codes.encode_each(legal) == expected
            assert codes.encode_each(legal) == expected  # found in the memo this time
            assert codes.encode_each([Action(a.kind, a.args) for a in legal]) == expected  # equal, not identical
            codes_now = stepper.legal_codes()
            stepper.apply(codes_now[rng.randrange(len(codes_now))])
    assert len(codes.encoded) > 0
    if identity_first:  # every value met, and a few other objects of some (see the test below)
        assert len(codes.encoded) < len(codes.by_identity) <= (1 + COPIES) * len(codes.encoded)
    else:
        assert len(codes.by_identity) == 0


def test_equal_objects_join_the_identity_memo_up_to_a_bound() -> None:
    """An object equal to an action met before is found by identity the next time it is asked, up to
    :data:`COPIES` objects besides the first per value, so objects built afresh for every decision do not pile up."""
    import importlib

    codes = ActionCodes(importlib.import_module(f"engine.{RNFL}.generated.action_codes"), identity_first=True)
    wood = Action.make("load", good="good.wood")
    first = codes.encode(wood)
    copies = [Action.make("load", good="good.wood") for _ in range(COPIES + 2)]
    assert [codes.encode_each([c])[0] for c in copies] == [first] * len(copies)
    assert [codes.by_identity.get(c) for c in copies] == [first] * COPIES + [None, None]
    assert len(codes.encoded) == 1


@pytest.mark.parametrize("game_id", [RNFL, FD])
def test_the_table_encoder_agrees_with_the_general_one(game_id: str) -> None:
    """The encoder that reads each kind's tables (what a new action costs) gives the general encoder's codes for
    every legal action of random games, and declines what the general one refuses, which then names the fault."""
    import importlib

    codes = ActionCodes(importlib.import_module(f"engine.{game_id}.generated.action_codes"), identity_first=False)
    for seed in range(4):
        stepper = Stepper(load_game(GameConfig(game=game_id, players=4, seed=seed)).new_initial_state(), codes)
        rng = random.Random(seed)
        while not stepper.is_terminal():
            for action in stepper.state.legal_actions():
                assert codes._encode_plain(action) == codes._encode(action)
            legal = stepper.legal_codes()
            stepper.apply(legal[rng.randrange(len(legal))])
    faulty = [
        Action.make("load", good="good.silk"),  # a value in no domain
        Action.make("load", good="good.wood", extra=1),  # an argument the kind has no field for
        Action.make("load"),  # a required field missing
        Action.make("nothing"),  # an unknown kind
        Action.make("antwerp", ships=("ship.large.l01",) * 4),  # more elements than fields
        Action.make("antwerp", ships="ship.large.l01"),  # a tuple argument given as one value
    ]
    if game_id == RNFL:
        for action in faulty:
            assert codes._encode_plain(action) is None
            with pytest.raises(UnencodableActionError):
                codes.encode(action)
        assert codes._encode_plain(Action.make("load", good=["good.wood"])) is None  # unhashable: in no domain


def test_the_identity_memo_is_chosen_by_whether_it_runs_compiled() -> None:
    from engine import native

    assert IdentityMap.__module__ == IDENTITY_MODULE
    assert action_codes(FD).identity_first == (IDENTITY_MODULE in native.status().modules)


def test_the_memo_is_dropped_when_full_and_refills() -> None:
    """Past :data:`MEMO_LIMIT` entries both memos are cleared together, so no stale identity survives."""
    import importlib

    codes = ActionCodes(importlib.import_module(f"engine.{RNFL}.generated.action_codes"), identity_first=True)
    wood = Action.make("load", good="good.wood")
    first = codes.encode(wood)
    codes.encoded.update({Action.make("filler", n=i): (0,) for i in range(MEMO_LIMIT - len(codes.encoded))})
    gold = Action.make("load", good="good.gold")
    assert codes.encode_each([gold, wood]) == [codes._encode(gold), first]
    assert len(codes.encoded) == len(codes.by_identity) == 2


def test_the_identity_memo_alone_is_dropped_at_its_bound_and_refills_by_value() -> None:
    """Past :data:`IDENTITY_LIMIT` objects the identity memo is cleared, the value memo kept: an action met
    before is then found by value (the same codes, not encoded again) and joins the identity memo again."""
    import importlib

    codes = ActionCodes(importlib.import_module(f"engine.{RNFL}.generated.action_codes"), identity_first=True)
    wood = Action.make("load", good="good.wood")
    first = codes.encode(wood)
    fillers = [Action.make("filler", n=i) for i in range(IDENTITY_LIMIT - len(codes.by_identity))]
    for filler in fillers:
        codes.by_identity.put(filler, (0,))
    gold = Action.make("load", good="good.gold")
    assert codes.encode_each([gold]) == [codes._encode(gold)]
    assert len(codes.by_identity) == 1  # the fillers and wood dropped, gold remembered
    assert codes.by_identity.get(wood) is None and len(codes.encoded) == 2
    assert codes.encode_each([wood]) == [first]
    assert codes.encoded[wood] is first and codes.by_identity.get(wood) is first


def test_identity_map_finds_the_very_object_not_an_equal_one() -> None:
    memo: IdentityMap[int] = IdentityMap()
    kept = [Action.make("load", good=f"good.{i}") for i in range(100_000)]  # more than the initial slots: it grows
    for i, action in enumerate(kept):
        memo.put(action, i)
    assert len(memo) == len(kept)
    assert all(memo.get(action) == i for i, action in enumerate(kept))
    assert memo.get(Action.make("load", good="good.7")) is None  # equal to a key, but another object
    memo.put(kept[7], -7)
    assert memo.get(kept[7]) == -7 and len(memo) == len(kept)
    with pytest.raises(ValueError, match="empty slot"):
        memo.put(None, 0)
    memo.clear()
    assert len(memo) == 0 and memo.get(kept[0]) is None


def test_staged_first_codes_are_listed_distinct_and_ascending_however_they_come() -> None:
    """The stepper's listing of first codes (runs of equal codes, in order or not) is ``sorted(set(codes))``,
    and the plain listing is ``sorted(codes)``; both return new lists."""
    from engine.adapters.stepper import _among, _ascending, _distinct_ascending, _position

    rng = random.Random(18)
    cases: list[list[object]] = [[], [5], [3, 3, 3], [1, 2, 2, 9], [9, 9, 2, 2, 5], [4, 1, 4, 1, 0]]
    cases += [[rng.randrange(40) for _ in range(rng.randrange(1, 30))] for _ in range(300)]
    cases += [sorted(rng.randrange(1400) for _ in range(rng.randrange(1, 30))) for _ in range(100)]
    for codes in cases:
        ints = [int(c) for c in codes]  # type: ignore[call-overload]
        distinct = _distinct_ascending(codes)
        assert distinct == sorted(set(ints)) and distinct is not codes
        listed = _ascending(codes)
        assert listed == sorted(ints) and listed is not codes
        for code in range(-1, 41):
            assert _position(codes, code) == (ints.index(code) if code in ints else -1)
            assert _among(ints, code) == (code in ints)


def test_memoised_codes_share_one_int_object_per_code() -> None:
    """Every tuple of codes the memo holds is made of the table's own int objects, so the codes a stepper
    lists at every step are a few objects, not new ones per option."""
    codes = action_codes(RNFL)
    for seed in range(3):
        stepper = Stepper(load_game(GameConfig(game=RNFL, players=4, seed=seed)).new_initial_state(), codes)
        rng = random.Random(seed)
        legal = stepper.legal_codes()
        while legal:
            for action in stepper.options():
                assert all(code is codes._ints[code] for code in codes.encode(action))
            stepper.apply(legal[rng.randrange(len(legal))])
            legal = stepper.legal_codes()
