"""The goods and points 1x cards: played for their goods or points at any time in the player's own turn.

Every decision a player takes in their own turn (see :data:`~.core.OFFERS_CARDS`) lists one extra entry,
:data:`~.core.PLAY_CARD`, while the player holds a card that can be played
(:meth:`~.core.StateCore._with_card_entry`). Choosing it is a detour: the choice of a card (or none) is posed,
the card played, and the interrupted decision posed again, its options listed afresh (the goods may have
changed). One entry instead of one move per card keeps every move list short.
"""

from __future__ import annotations

from engine.race_to_the_new_found_land.core import CARD, DONE, HOT_LIMIT, STAGE_NAMES, Flow
from engine.race_to_the_new_found_land.track import ScoreTrack
from engine.runtime.api import Action


class OneXCards(ScoreTrack):
    """The goods and points 1x cards: played for their goods or points in the player's own turn."""

    __slots__ = ()

    def _card_actions(self, p: int) -> list[Action]:
        """The choice the entry opens: play none (back to the decision), or one of the cards in hand."""
        return [DONE, *self._play_card_actions(p)]

    def _card_detour(self, resume: Flow) -> Flow:
        """The detour of the entry: ask which card, play it, then pose the interrupted decision again.

        Started in place of the flow (``resume``), which it hands back before its last pause, so the answer to
        the decision posed again goes to the flow. Points of a card may reach a frame marker: resolved at once
        where the reading resolves them immediately, else at the end of the turn as any other points.

        Rules: actions.load.card_play"""
        stage, p, ctx = self.stage, self.cur, self.ctx
        self._ask(CARD, p, paused=STAGE_NAMES[stage])
        self._legal = self._card_actions(p)
        action = yield
        if action[0] != "done":
            self._play_card(p, action)
            if self.pending[p]:
                yield from self._now(p)
        self._flow_gen = resume
        self.stage, self.cur, self.ctx = stage, p, ctx
        self._legal = None  # listed afresh: a goods card may have made more moves affordable
        yield  # parked for good: the next answer goes to ``resume``

    def _play_card_actions(self, p: int) -> list[Action]:
        """The ``play`` actions of ``p``'s hand, in hand order, a duplicate card once (a shared list: callers copy
        it into theirs). Memoised per hand: a hand holds a few cards, and the same hands come back."""
        hand = tuple(self.cards[p])
        found = self._plays_by_hand.get(hand)
        if found is None:
            if len(self._plays_by_hand) >= HOT_LIMIT:
                self._plays_by_hand.clear()
            found = self._plays_by_hand[hand] = self._list_play_actions(hand)
        return found

    def _list_play_actions(self, hand: tuple[int, ...]) -> list[Action]:
        T = self.T
        if not T.goods_cards_playable:
            return []
        plays = T.cache.get("play_actions")
        if plays is None:  # per card: its play action, None for a charter ship (assigned in planning, not played)
            plays = T.cache["play_actions"] = [
                None if card.ship is not None else self._act("play", (("card", card.id),)) for card in T.cards
            ]
        out: list[Action] = []
        for c in hand:
            action = plays[c]
            if action is not None and action not in out:  # a duplicate card offers the same move once
                out.append(action)
        return out

    def _play_card(self, p: int, action: Action) -> None:
        """Take the card's goods and points; it goes to the storage board (a start card with the others).

        Rules: actions.load.card_play"""
        T = self.T
        c = T.card_index[action.get("card")]
        self.cards[p].remove(c)
        card = T.cards[c]
        self.add_goods(p, card.goods)
        self.gain(p, card.points)
        (self.st_start_cards if card.nation else self.st_cards).append(c)
