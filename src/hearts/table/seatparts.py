"""Each seat's state as flat parts, built cheaply at a network table's every change.

A network table sends each seat only what changed in its state (the entries of
a ``change``: a path and the value there). :class:`StateParts` builds the state
of :meth:`~hearts.table.seatstate.SeatState.to_json` as two flat dicts, path to
value: the *public* part, the same for every seat, built once a change (the
hand's public view, who sits where, the scores and sheet, the trick, the result,
the watchers), and each seat's *own* part (its cards, what it may pass or play,
its prompt, its actions). Comparing flat parts is a loop over a few dozen values,
and the public part's changes are found, and written as JSON, once for all the
seats. :func:`nest` puts the two parts back together as the state itself.

Nothing in a seat's own part comes from another seat's hidden cards, and the
public part holds nobody's hidden cards: the seat's state, as
:func:`~hearts.table.seatstate.seat_state` builds it, is exactly
``nest(public, own)`` (a test holds them equal at random tables).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from hearts.cards import SEAT_KEYS, SEATS, Seat, Suit, names_of_mask
from hearts.hand import Hand, Phase
from hearts.table.base import Stage
from hearts.table.notices import Prompt
from hearts.table.seatstate import (
    SCHEMA_VERSION,
    Action,
    TurnTimer,
    actions_of,
    level_label,
    prompt_of,
    result_of,
    seat_infos,
    shared_actions,
    shared_prompt,
    sheet_row,
)
from hearts.table.table import Table
from hearts.view import VIEW_SCHEMA, VIEW_VERSION, Trick, trick_json, voids_json

__all__ = ["Flat", "StateParts", "nest", "update_flat"]

Flat = dict[tuple[str, ...], Any]
"""A state's values by path (keys from the top down); a value is never a dict
the state goes into (a ``prompt`` or a ``result`` is one value)."""


class StateParts:
    """Builds the seats' states of one table as flat parts, keeping what has not
    changed since the last time (the hand's public view, the score sheet's rows
    of hands that did not move) so that a change builds only what it must."""

    __slots__ = ("_actions", "_fields", "_labels", "_labels_key", "_listed", "_prompt", "_rows",
                 "_seats", "_seats_key", "_sorted", "_view", "_view_key")

    def __init__(self) -> None:
        self._listed: dict[int, list[str]] = {}
        self._sorted: dict[int, list[str]] = {}
        self._view_key: tuple[object, ...] | None = None
        self._view: Flat = {}
        self._fields: _ViewFields | None = None
        self._prompt: dict[str, Any] | None = None
        self._actions: frozenset[Action] = frozenset()
        self._rows: dict[int, tuple[Hand, tuple[Trick, ...], object, dict[str, Any]]] = {}
        self._labels: dict[Seat, str] = {}
        self._labels_key: tuple[object, ...] | None = None
        self._seats: list[dict[str, Any]] = []
        self._seats_key: tuple[object, ...] | None = None

    def public(self, table: Table, deadlines: Mapping[int, float] | None = None,
               watchers: tuple[str, ...] = ()) -> Flat:
        """The part of every seat's state that all of them see alike, now (call it
        before :meth:`own` for the same moment)."""
        hand = table.hand
        match = table.match
        flat: Flat = {("schema",): SCHEMA_VERSION, ("stage",): table.stage.value}
        if hand is None:
            flat["view",] = None
        else:
            flat.update(self._public_view(hand))
        flat["seats",] = self._seat_infos(table, deadlines)
        flat["waiting",] = [SEAT_KEYS[seat] for seat in table.waiting]
        running = table.turn_timer
        flat["timer",] = None if running is None else TurnTimer(
            running[1], None if deadlines is None else deadlines.get(running[0])).to_json()
        flat["scores",] = list(match.scores)
        flat["target",] = table.target
        flat["match_over",] = match.over
        flat["hand_number",] = len(match.hands)
        flat["sheet",] = self._sheet(match.hands)
        shown = table.shown_trick
        trick = shown.plays() if shown is not None else (() if hand is None else hand.trick)
        flat["trick",] = [[SEAT_KEYS[seat], str(card)] for seat, card in trick]
        flat["winner",] = None if shown is None else SEAT_KEYS[shown.winner]
        result = result_of(table)
        flat["result",] = None if result is None else result.to_json()
        flat["watchers",] = list(watchers)
        labels = (hand, None if hand is None else hand.players, table.level)
        if self._labels_key is None or any(
                a is not b for a, b in zip(labels, self._labels_key, strict=True)):
            self._labels = {seat: level_label(table, seat) for seat in SEATS}
            self._labels_key = labels
        # what each seat's own part would ask again: made once for all of them
        shared = shared_prompt(table)
        self._prompt = None if shared is None else _prompt_json(shared)
        self._actions = shared_actions(table)
        return flat

    def own(self, table: Table, seat: Seat) -> Flat:
        """``seat``'s own part of its state, now (after :meth:`public`)."""
        hand = table.hand
        stage = table.stage
        person = table.is_person(seat)
        own: Flat = {("seat",): SEAT_KEYS[seat],
                     ("level",): self._labels[seat],
                     ("assisted",): seat in table.aided}
        if hand is None:
            own["passable",] = own["passed",] = own["raised",] = own["legal",] = _NONE
        else:
            listed, ordered = self._listed_names, self._sorted_names
            gave = hand.passed(seat)
            passed = gave if table.passed(seat) else ()
            own["passable",] = sorted(str(card) for card in hand.passable(seat)) \
                if stage is Stage.PASSING and person else _NONE
            own["passed",] = [str(card) for card in passed] if passed else _NONE
            if stage is Stage.RECEIVED:
                own["raised",] = ordered(hand.received_mask(seat))
            else:
                own["raised",] = sorted(str(card) for card in passed) if passed else _NONE
            legal = hand.legal_mask()
            own["legal",] = ordered(legal) if table.to_play(seat) else _NONE
            own["view", "seat"] = SEAT_KEYS[seat]
            own["view", "hand"] = listed(hand.held_mask(seat))
            own["view", "passed"] = [str(card) for card in gave] if gave else _NONE
            own["view", "received"] = listed(hand.received_mask(seat))
            own["view", "legal"] = listed(legal) if hand.turn == seat else _NONE
        prompt = self._prompt
        own["prompt",] = _prompt_json(prompt_of(table, seat)) if prompt is None else prompt
        own["actions",] = _action_names(actions_of(table, seat, self._actions)) \
            if person else _NONE
        return own

    def _seat_infos(self, table: Table, deadlines: Mapping[int, float] | None
                    ) -> list[dict[str, Any]]:
        """Who sits where, made again only when a seat, a grace or its end moved."""
        graces = tuple(table.grace_token(seat) for seat in SEATS)
        key = (tuple(table.seating(seat) for seat in SEATS), table.named, table.shared,
               frozenset(table.aided), graces,
               None if deadlines is None else tuple(
                   None if token is None else deadlines.get(token) for token in graces))
        if key != self._seats_key:
            self._seats = [info.to_json() for info in seat_infos(table, deadlines)]
            self._seats_key = key
        return self._seats

    def _listed_names(self, mask: int) -> list[str]:
        """The names of the cards of ``mask`` in the cards' order (made once for
        each set of cards the table shows)."""
        known = self._listed.get(mask)
        if known is None:
            if len(self._listed) >= _KEPT_NAMES:
                self._listed.clear()
            known = self._listed[mask] = names_of_mask(mask)
        return known

    def _sorted_names(self, mask: int) -> list[str]:
        """The names of the cards of ``mask`` sorted as text (made once for each)."""
        known = self._sorted.get(mask)
        if known is None:
            if len(self._sorted) >= _KEPT_NAMES:
                self._sorted.clear()
            known = self._sorted[mask] = sorted(self._listed_names(mask))
        return known

    def _public_view(self, hand: Hand) -> Flat:
        """The hand's view's public fields, built again only when the hand moved."""
        key = (hand.phase, hand.plays, hand.passes_made())
        if self._view_key is None or self._view_key[0] is not hand \
                or self._view_key[1:] != key:
            fields = self._fields
            if fields is None or fields.hand is not hand:
                fields = self._fields = _ViewFields(hand)
            view: Flat = {("view", "schema"): VIEW_SCHEMA, ("view", "version"): VIEW_VERSION}
            for name, value in fields.now(self._listed_names).items():
                path = _VIEW_PATHS.get(name)
                if path is None:  # the paths are made once: fewer objects a change
                    path = _VIEW_PATHS[name] = ("view", name)
                view[path] = value
            # the view kept is brought along in place: the values that did not
            # change (the rules; the tricks, until one ends) stay the old objects
            if self._view_key is None or update_flat(self._view, view) is None:
                self._view = view
            self._view_key = (hand, *key)
        return self._view

    def _sheet(self, hands: list[Hand]) -> list[dict[str, Any]]:
        """The score sheet's rows, each built again only when its hand moved."""
        rows = []
        kept = self._rows
        for number, hand in enumerate(hands):
            entry = kept.get(number)
            if entry is not None and entry[0] is hand and entry[2] is Phase.OVER \
                    and hand.phase is Phase.OVER:
                rows.append(entry[3])  # a finished hand's row: asked nothing more
                continue
            tricks = hand.tricks  # a row moves only when a trick ends (or is taken back)
            if entry is None or entry[0] is not hand or entry[1] != tricks \
                    or entry[2] is not hand.phase:
                row = sheet_row(hand).to_json()
                if entry is not None and entry[3] == row:
                    row = entry[3]  # most tricks change no row: keep the old object
                entry = (hand, tricks, hand.phase, row)
                kept[number] = entry
            rows.append(entry[3])
        for number in [n for n in kept if n >= len(hands)]:
            del kept[number]
        return rows


class _ViewFields:
    """The public fields of one hand's view (those of
    :meth:`~hearts.view.PlayerView.public_json`, equal to them), made from the
    hand without a view, and kept from card to card: the rules, the dealer, the
    scores before the hand and the finished tricks' rows are made once, the
    points again only when a trick ends (or the hand does), the voids once for
    each set of voids."""

    __slots__ = ("_fixed", "_phase", "_points", "_seen", "_tricks", "_voids", "_voids_key",
                 "hand")

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self._fixed = (hand.rules.to_json(), str(hand.pass_direction), SEAT_KEYS[hand.dealer],
                       list(hand.scores))
        self._seen: tuple[Trick, ...] = ()
        self._tricks: list[dict[str, Any]] = []
        self._phase: Phase | None = None
        self._points: list[int] = []
        self._voids_key: tuple[frozenset[Suit], ...] | None = None
        self._voids: list[list[str]] = []

    def now(self, listed: Callable[[int], list[str]]) -> dict[str, Any]:
        """The fields now (``listed``: the names of a mask's cards, in order)."""
        hand = self.hand
        rules, direction, dealer, scores = self._fixed
        tricks = hand.tricks
        seen = self._seen
        if len(tricks) != len(seen) or any(a is not b for a, b in zip(tricks, seen, strict=True)):
            # a trick ended (or was taken back): the rows of the tricks kept stay
            rows = self._tricks
            self._tricks = [
                rows[index] if index < len(seen) and seen[index] is trick else trick_json(trick)
                for index, trick in enumerate(tricks)]
            self._seen = tricks
            self._phase = None
        phase = hand.phase
        if phase is not self._phase:  # (the points are taken with tricks; a moon at the end)
            self._points = list(hand.points)
            self._phase = phase
        voids = tuple(hand.voids(seat) for seat in SEATS)
        if voids != self._voids_key:
            self._voids = voids_json(voids)
            self._voids_key = voids
        leader, turn = hand.leader, hand.turn
        return {
            "rules": rules, "phase": phase.value, "pass_direction": direction,
            "dealer": dealer,
            "trick": [{"seat": SEAT_KEYS[seat], "card": str(card)} for seat, card in hand.trick],
            "leader": None if leader is None else SEAT_KEYS[leader],
            "turn": None if turn is None else SEAT_KEYS[turn],
            "tricks": self._tricks, "played": listed(hand.played_mask()),
            "points_taken": self._points, "scores": scores,
            "cards_held": [hand.held_mask(seat).bit_count() for seat in SEATS],
            "voids": self._voids, "hearts_broken": hand.hearts_broken}


_NONE: list[str] = []
"""The empty list the parts share (no part's value is ever changed in place)."""

_VIEW_PATHS: dict[str, tuple[str, str]] = {}
"""The paths of the hand's public view's fields, by name."""

_KEPT_NAMES = 64
"""How many sets of cards' names a table keeps (a hand shows a dozen at once)."""

@functools.lru_cache(maxsize=4096)
def _prompt_json(prompt: Prompt) -> dict[str, Any]:
    """``prompt.to_json()``, made once for each prompt (there are a few hundred)."""
    return prompt.to_json()


@functools.lru_cache(maxsize=4096)
def _action_names(actions: frozenset[Action]) -> list[str]:
    """The names of ``actions``, sorted, made once for each set."""
    return sorted(action.value for action in actions)


def nest(public: Flat, own: Flat) -> dict[str, Any]:
    """The state itself (:meth:`~hearts.table.seatstate.SeatState.to_json`'s form)
    from its public part and a seat's own."""
    state: dict[str, Any] = {}
    for part in (public, own):
        for path, value in part.items():
            if len(path) == 1:
                state[path[0]] = value
            else:
                state.setdefault(path[0], {})[path[1]] = value
    return state


def update_flat(kept: Flat, new: Flat) -> list[tuple[tuple[str, ...], Any]] | None:
    """Bring the part ``kept`` to ``new`` in place and return the entries that did
    it (the values at the paths where the two differ); None, ``kept`` untouched,
    when the two have not the same paths (a hand dealt where there was none:
    compare the states whole).

    A part kept from change to change is thus one long-lived object holding new
    objects only for the values that changed, while ``new``, made to compare, dies
    at once: the garbage collector's young collections, which scan every object
    made since the last one, find far fewer (lab/journal.md)."""
    if kept.keys() != new.keys():
        return None
    changed = []
    for path, value in new.items():
        before = kept[path]
        if before is not value and before != value:
            changed.append((path, value))
    for path, value in changed:
        kept[path] = value
    return changed
