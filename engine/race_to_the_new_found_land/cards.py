"""The goods and points 1x cards: played for their goods or points in the player's own turn."""

from __future__ import annotations

from engine.race_to_the_new_found_land.core import HOT_LIMIT
from engine.race_to_the_new_found_land.track import ScoreTrack
from engine.runtime.api import Action


class OneXCards(ScoreTrack):
    """The goods and points 1x cards: played for their goods or points in the player's own turn."""

    __slots__ = ()

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
        T = self.T
        c = T.card_index[action.get("card")]
        self.cards[p].remove(c)
        card = T.cards[c]
        self.add_goods(p, card.goods)
        self.gain(p, card.points)
        (self.st_start_cards if card.nation else self.st_cards).append(c)
