"""What a seat and a watcher see at the table: one declared projection.

Every field of a seat's state (the ``state`` of docs/network.md, read as a
:class:`~hearts.table.seatstate.SeatState`) is declared once, in
:data:`FIELDS`: its path in the state, who may see it (:class:`Sees`), how its
JSON value is made from the table and, for a field the seat alone sees, what a
watcher is shown in its place. Everything a front end is sent comes from this
one declaration (:class:`Projection`):

- the *public* part: the fields everyone sees, the same for every seat and
  every watcher, built once a change (:meth:`Projection.public`);
- a seat's *own* part: its cards, what it may pass or play, its prompt, its
  actions (:meth:`Projection.own`);
- a watcher's own part: the seat's fields as a watcher sees them, made from
  the public moment only, so that a watcher's view is public by construction
  (:meth:`Projection.watcher`);
- the whole state: :func:`nest` of the public part and an own part;
  :func:`seat_state` reads it as the typed value the terminal draws.

The parts are flat dicts, path to value: a network table finds what changed by
comparing a few dozen values (:func:`update_flat`), and the public part's
changes once for all its seats and watchers. A :class:`Projection` kept from
change to change builds again only what moved (the hand's public view when a
card is played, a score sheet's row when a trick ends, who sits where when
someone comes or goes).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from hearts.cards import SEAT_KEYS, SEATS, Card, Seat, Suit, names_of_mask
from hearts.hand import Hand, Phase
from hearts.rules import Rules
from hearts.table.notices import Prompt
from hearts.table.reading import (
    actions_of,
    level_label,
    prompt_of,
    public_prompt,
    result_of,
    seat_infos,
    shared_actions,
    shared_prompt,
    sheet_row,
)
from hearts.table.seatstate import SCHEMA_VERSION, Action, SeatState, TurnTimer
from hearts.table.stage import Stage
from hearts.table.table import Table
from hearts.view import VIEW_SCHEMA, VIEW_VERSION, Trick, trick_json, voids_json

__all__ = ["FIELDS", "Field", "Flat", "Projection", "Sees", "nest", "seat_state", "seat_states",
           "update_flat"]

Flat = dict[tuple[str, ...], Any]
"""A state's values by path (keys from the top down); a value is never a dict
the state goes into (a ``prompt`` or a ``result`` is one value)."""


class Sees(Enum):
    """Who may see a field of a seat's state."""

    EVERYONE = "everyone"
    """Every seat and every watcher alike: the public part."""
    SEAT = "seat"
    """That seat alone: its own part (a watcher is shown the field's ``watcher``)."""


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a seat's state, declared once."""

    path: tuple[str, ...]
    """Where it is in the state (a field of the hand's view is under ``view``,
    present only while a hand is on the table)."""
    sees: Sees
    """Who may see it."""
    value: Callable[[Projection], Any]
    """Its JSON value now, from the projection's moment (for a seat's own field,
    the seat's moment: :attr:`Projection.seat` and what goes with it)."""
    watcher: Callable[[Projection], Any] | None = None
    """For a field the seat alone sees: what a watcher is shown in its place, from
    the public moment alone."""


@functools.lru_cache(maxsize=4096)
def _prompt_json(prompt: Prompt) -> dict[str, Any]:
    """``prompt.to_json()``, made once for each prompt (there are a few hundred)."""
    return prompt.to_json()


@functools.lru_cache(maxsize=64)
def _rules_json(rules: Rules) -> dict[str, Any]:
    """``rules.to_json()``, made once for each set of rules."""
    return rules.to_json()


@functools.lru_cache(maxsize=4096)
def _action_names(actions: frozenset[Action]) -> list[str]:
    """The names of ``actions``, sorted, made once for each set."""
    return sorted(action.value for action in actions)


_NONE: list[str] = []
"""The empty list the parts share (no part's value is ever changed in place)."""


def _none(_: Projection) -> list[str]:
    return _NONE


def _nobody(_: Projection) -> None:
    return None


def _no(_: Projection) -> bool:
    return False


def _trick(p: Projection) -> list[list[str]]:
    shown = p.table.shown_trick
    hand = p.hand
    trick = shown.plays() if shown is not None else (() if hand is None else hand.trick)
    return [[SEAT_KEYS[seat], str(card)] for seat, card in trick]


def _timer(p: Projection) -> dict[str, Any] | None:
    running = p.table.turn_timer
    deadlines = p.deadlines
    return None if running is None else TurnTimer(
        running[1], None if deadlines is None else deadlines.get(running[0])).to_json()


def _result(p: Projection) -> dict[str, Any] | None:
    result = result_of(p.table)
    return None if result is None else result.to_json()


def _passable(p: Projection) -> list[str]:
    hand = p.hand
    if hand is None or p.table.stage is not Stage.PASSING or not p.person:
        return _NONE
    return sorted(str(card) for card in hand.passable(p.seat))


def _passed(p: Projection) -> list[str]:
    return [str(card) for card in p.passed] if p.passed else _NONE


def _raised(p: Projection) -> list[str]:
    hand = p.hand
    if hand is not None and p.table.stage is Stage.RECEIVED:
        return p.sorted_names(hand.received_mask(p.seat))
    return sorted(str(card) for card in p.passed) if p.passed else _NONE


def _legal(p: Projection) -> list[str]:
    return p.sorted_names(p.legal) if p.hand is not None and p.table.to_play(p.seat) \
        else _NONE


def _prompt(p: Projection) -> dict[str, Any]:
    shared = p.shared_prompt
    return _prompt_json(prompt_of(p.table, p.seat)) if shared is None else shared


def _actions(p: Projection) -> list[str]:
    return _action_names(actions_of(p.table, p.seat, p.shared_actions)) if p.person else _NONE


def _view_legal(p: Projection) -> list[str]:
    return p.listed_names(p.legal) if p.dealt.turn == p.seat else _NONE


def _vf(p: Projection) -> _ViewFields:
    fields = p.view_fields
    assert fields is not None
    return fields


FIELDS: tuple[Field, ...] = (
    Field(("schema",), Sees.EVERYONE, lambda p: SCHEMA_VERSION),
    Field(("seat",), Sees.SEAT, lambda p: SEAT_KEYS[p.seat], _nobody),
    Field(("stage",), Sees.EVERYONE, lambda p: p.table.stage.value),
    Field(("seats",), Sees.EVERYONE, lambda p: p.seat_infos()),
    Field(("waiting",), Sees.EVERYONE, lambda p: [SEAT_KEYS[s] for s in p.table.waiting]),
    Field(("timer",), Sees.EVERYONE, _timer),
    Field(("scores",), Sees.EVERYONE, lambda p: list(p.table.match.scores)),
    Field(("target",), Sees.EVERYONE, lambda p: p.table.target),
    Field(("match_over",), Sees.EVERYONE, lambda p: p.table.match.over),
    Field(("hand_number",), Sees.EVERYONE, lambda p: len(p.table.match.hands)),
    Field(("level",), Sees.SEAT, lambda p: p.labels[p.seat], lambda p: p.labels[None]),
    Field(("assisted",), Sees.SEAT, lambda p: p.seat in p.table.aided, _no),
    Field(("sheet",), Sees.EVERYONE, lambda p: p.sheet(p.table.match.hands)),
    Field(("passable",), Sees.SEAT, _passable, _none),
    Field(("passed",), Sees.SEAT, _passed, _none),
    Field(("raised",), Sees.SEAT, _raised, _none),
    Field(("legal",), Sees.SEAT, _legal, _none),
    Field(("trick",), Sees.EVERYONE, _trick),
    Field(("winner",), Sees.EVERYONE, lambda p: None if p.table.shown_trick is None
          else SEAT_KEYS[p.table.shown_trick.winner]),
    Field(("prompt",), Sees.SEAT, _prompt, lambda p: _prompt_json(public_prompt(p.table))),
    Field(("result",), Sees.EVERYONE, _result),
    Field(("watchers",), Sees.EVERYONE, lambda p: list(p.watchers)),
    Field(("actions",), Sees.SEAT, _actions, _none),
    # the rules the match plays by: there before the first deal, unlike the view's
    Field(("rules",), Sees.EVERYONE, lambda p: _rules_json(p.table.match.rules)),
    # the seat's view of the hand on the table (PlayerView.to_json), null without one
    Field(("view", "schema"), Sees.EVERYONE, lambda p: VIEW_SCHEMA),
    Field(("view", "version"), Sees.EVERYONE, lambda p: VIEW_VERSION),
    Field(("view", "seat"), Sees.SEAT, lambda p: SEAT_KEYS[p.seat], _nobody),
    Field(("view", "rules"), Sees.EVERYONE, lambda p: _vf(p).rules),
    Field(("view", "phase"), Sees.EVERYONE, lambda p: p.dealt.phase.value),
    Field(("view", "pass_direction"), Sees.EVERYONE, lambda p: _vf(p).direction),
    Field(("view", "dealer"), Sees.EVERYONE, lambda p: _vf(p).dealer),
    Field(("view", "hand"), Sees.SEAT,
          lambda p: p.listed_names(p.dealt.held_mask(p.seat)), _none),
    Field(("view", "passed"), Sees.SEAT,
          lambda p: [str(card) for card in p.gave] if p.gave else _NONE, _none),
    Field(("view", "received"), Sees.SEAT,
          lambda p: p.listed_names(p.dealt.received_mask(p.seat)), _none),
    Field(("view", "trick"), Sees.EVERYONE, lambda p: [
        {"seat": SEAT_KEYS[seat], "card": str(card)} for seat, card in p.dealt.trick]),
    Field(("view", "leader"), Sees.EVERYONE, lambda p: _seat_key(p.dealt.leader)),
    Field(("view", "turn"), Sees.EVERYONE, lambda p: _seat_key(p.dealt.turn)),
    Field(("view", "tricks"), Sees.EVERYONE, lambda p: _vf(p).tricks()),
    Field(("view", "played"), Sees.EVERYONE, lambda p: p.listed_names(p.dealt.played_mask())),
    Field(("view", "points_taken"), Sees.EVERYONE, lambda p: _vf(p).points()),
    Field(("view", "scores"), Sees.EVERYONE, lambda p: _vf(p).scores),
    Field(("view", "cards_held"), Sees.EVERYONE,
          lambda p: [p.dealt.held_mask(seat).bit_count() for seat in SEATS]),
    Field(("view", "voids"), Sees.EVERYONE, lambda p: _vf(p).voids()),
    Field(("view", "hearts_broken"), Sees.EVERYONE, lambda p: p.dealt.hearts_broken),
    Field(("view", "legal"), Sees.SEAT, _view_legal, _none),
)
"""Every field of a seat's state, who sees it and how it is made: the one
declaration the parts below are built from."""


def _seat_key(seat: Seat | None) -> str | None:
    return None if seat is None else SEAT_KEYS[seat]


def _compiled(sees: Sees, view: bool | None, watcher: bool = False
              ) -> Callable[[Projection], Flat]:
    """One function that makes the part of the fields ``sees`` sees: out of the
    view (``view`` False), in it (True) or both (None); with ``watcher``, a
    watcher's values of the seat's own fields. Compiled from :data:`FIELDS` at
    import: a dict display calling each field's maker, with no loop over the
    fields at every change."""
    names: dict[str, Any] = {}
    entries = []
    for field in FIELDS:
        if field.sees is sees and view in (None, field.path[0] == "view"):
            maker = field.watcher if watcher else field.value
            assert maker is not None, f"{field.path}: a seat's own field needs a watcher's value"
            names[f"_make{len(names)}"] = maker
            entries.append(f"{field.path!r}: _make{len(names) - 1}(p)")
    source = "def part(p):\n    return {" + ", ".join(entries) + "}\n"
    exec(compile(source, f"<projection: {sees.value}, view {view}>", "exec"), names)
    part: Callable[[Projection], Flat] = names["part"]
    return part


_make_public = _compiled(Sees.EVERYONE, view=False)
_make_public_view = _compiled(Sees.EVERYONE, view=True)
_make_own = _compiled(Sees.SEAT, view=False)
_make_own_with_view = _compiled(Sees.SEAT, view=None)
_make_watcher = _compiled(Sees.SEAT, view=False, watcher=True)
_make_watcher_with_view = _compiled(Sees.SEAT, view=None, watcher=True)

_KEPT_NAMES = 16
"""How many sets of cards' names a table keeps made or asked since the last
turn-over, besides those of the turn before (a hand shows a dozen at once; a
list asked again is kept on, the same object, so what is shown keeps its list
and a set shown no more is dropped at the second turn-over)."""


class Projection:
    """Builds the parts of one table's states from :data:`FIELDS`, keeping what has
    not changed since the last time (the hand's public view, the score sheet's
    rows of hands that did not move, who sits where) so that a change builds only
    what it must. Call :meth:`public` first for a moment, then :meth:`own` for
    each seat and :meth:`watcher` for the watchers."""

    __slots__ = ("_listed", "_listed_before", "_rows", "_seats", "_seats_key", "_sorted",
                 "_sorted_before", "_view", "_view_key",
                 "deadlines", "dealt", "gave", "hand", "labels", "labels_key", "legal", "passed",
                 "person", "seat", "shared_actions", "shared_prompt", "table", "view_fields",
                 "watchers")

    seat: Seat
    """The seat whose own part is being made."""
    dealt: Hand
    """The hand on the table, when there is one (what the view's fields are of)."""

    def __init__(self) -> None:
        self._listed: dict[int, list[str]] = {}
        self._listed_before: dict[int, list[str]] = {}
        self._sorted: dict[int, list[str]] = {}
        self._sorted_before: dict[int, list[str]] = {}
        self._view_key: tuple[object, ...] | None = None
        self._view: Flat = {}
        self._rows: dict[int, tuple[Hand, tuple[Trick, ...], object, dict[str, Any]]] = {}
        self._seats: list[dict[str, Any]] = []
        self._seats_key: tuple[object, ...] | None = None
        # the public moment (set by public())
        self.table: Table = None  # type: ignore[assignment]
        self.hand: Hand | None = None
        self.deadlines: Mapping[int, float] | None = None
        self.watchers: Sequence[str] = ()
        self.legal = 0
        """The cards the seat to play may play, as a mask."""
        self.view_fields: _ViewFields | None = None
        self.labels: dict[Seat | None, str] = {}
        self.labels_key: tuple[object, ...] | None = None
        self.shared_prompt: dict[str, Any] | None = None
        self.shared_actions: frozenset[Action] = frozenset()
        # the seat's moment (set by own())
        self.seat = Seat.SOUTH
        self.person = False
        self.gave: tuple[Card, ...] = ()
        """The cards the seat passed (once it has)."""
        self.passed: tuple[Card, ...] = ()
        """Those, while the table shows them as passed."""

    def public(self, table: Table, deadlines: Mapping[int, float] | None = None,
               watchers: Sequence[str] = ()) -> Flat:
        """The part of every seat's state that all of them and every watcher see
        alike, now (``deadlines``: when the pauses the table asked for end, by
        token; ``watchers``: the names of who watches)."""
        hand = table.hand
        self.table, self.hand, self.deadlines, self.watchers = table, hand, deadlines, watchers
        self.legal = 0
        if hand is not None:
            self.dealt = hand
            self.legal = hand.legal_mask()
        labels = (hand, None if hand is None else hand.players, table.level)
        if self.labels_key is None or any(
                a is not b for a, b in zip(labels, self.labels_key, strict=True)):
            self.labels = {seat: level_label(table, seat) for seat in (*SEATS, None)}
            self.labels_key = labels
        # what each seat's own part would ask again: made once for all of them
        shared = shared_prompt(table)
        self.shared_prompt = None if shared is None else _prompt_json(shared)
        self.shared_actions = shared_actions(table)
        flat = _make_public(self)
        if hand is None:
            flat["view",] = None
        else:
            flat.update(self._public_view(hand))
        return flat

    def own(self, table: Table, seat: Seat) -> Flat:
        """``seat``'s own part of its state, now (after :meth:`public`)."""
        hand = self.hand
        self.seat = seat
        self.person = table.is_person(seat)
        self.gave = gave = () if hand is None else hand.passed(seat)
        self.passed = gave if gave and table.passed(seat) else ()
        return _make_own(self) if hand is None else _make_own_with_view(self)

    def watcher(self) -> Flat:
        """A watcher's own part, now (after :meth:`public`): the seat's own fields as
        nobody's, made from the public moment alone."""
        return _make_watcher(self) if self.hand is None else _make_watcher_with_view(self)

    def seat_infos(self) -> list[dict[str, Any]]:
        """Who sits where, made again only when a seat, a grace or its end moved."""
        table, deadlines = self.table, self.deadlines
        graces = tuple(table.grace_token(seat) for seat in SEATS)
        key = (tuple(table.seating(seat) for seat in SEATS), table.named, table.shared,
               frozenset(table.aided), graces,
               None if deadlines is None else tuple(
                   None if token is None else deadlines.get(token) for token in graces))
        if key != self._seats_key:
            self._seats = [info.to_json() for info in seat_infos(table, deadlines)]
            self._seats_key = key
        return self._seats

    def listed_names(self, mask: int) -> list[str]:
        """The names of the cards of ``mask`` in the cards' order (made once for
        each set of cards the table shows)."""
        known = self._listed.get(mask)
        if known is None:
            known = self._listed_before.get(mask)
            if known is None:
                known = names_of_mask(mask)
            if len(self._listed) >= _KEPT_NAMES:
                self._listed_before, self._listed = self._listed, {}
            self._listed[mask] = known
        return known

    def sorted_names(self, mask: int) -> list[str]:
        """The names of the cards of ``mask`` sorted as text (made once for each)."""
        known = self._sorted.get(mask)
        if known is None:
            known = self._sorted_before.get(mask)
            if known is None:
                known = sorted(self.listed_names(mask))
            if len(self._sorted) >= _KEPT_NAMES:
                self._sorted_before, self._sorted = self._sorted, {}
            self._sorted[mask] = known
        return known

    def _public_view(self, hand: Hand) -> Flat:
        """The hand's view's public fields, built again only when the hand moved."""
        key = (hand.phase, hand.plays, hand.passes_made())
        if self._view_key is None or self._view_key[0] is not hand \
                or self._view_key[1:] != key:
            if self.view_fields is None or self.view_fields.hand is not hand:
                self.view_fields = _ViewFields(hand)
            view = _make_public_view(self)
            # the view kept is brought along in place: the values that did not
            # change (the rules; the tricks, until one ends) stay the old objects
            if self._view_key is None or update_flat(self._view, view) is None:
                self._view = view
            self._view_key = (hand, *key)
        return self._view

    def sheet(self, hands: list[Hand]) -> list[dict[str, Any]]:
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
                # (a finished hand's tricks are not kept: its row is asked nothing more)
                entry = (hand, () if hand.phase is Phase.OVER else tricks, hand.phase, row)
                kept[number] = entry
            rows.append(entry[3])
        for number in [n for n in kept if n >= len(hands)]:
            del kept[number]
        return rows


class _ViewFields:
    """What the public fields of one hand's view keep from card to card: the
    rules, the dealer and the scores before the hand are made once, the finished
    tricks' rows once each, the points again only when a trick ends (or the hand
    does), the voids once for each set of voids."""

    __slots__ = ("_phase", "_points", "_seen", "_tricks", "_voids", "_voids_key", "dealer",
                 "direction", "hand", "rules", "scores")

    rules: dict[str, Any]
    """The hand's rules as JSON."""
    direction: str
    """Where the hand's cards are passed."""
    dealer: str
    """Who dealt."""
    scores: list[int]
    """The match's totals before the hand."""

    def __init__(self, hand: Hand) -> None:
        self.hand = hand
        self.rules = hand.rules.to_json()
        self.direction = str(hand.pass_direction)
        self.dealer = SEAT_KEYS[hand.dealer]
        self.scores = list(hand.scores)
        self._seen: tuple[Trick, ...] = ()
        self._tricks: list[dict[str, Any]] = []
        self._phase: Phase | None = None
        self._points: list[int] = []
        self._voids_key: tuple[frozenset[Suit], ...] | None = None
        self._voids: list[list[str]] = []

    def tricks(self) -> list[dict[str, Any]]:
        """The finished tricks' rows (those kept stay the same objects)."""
        tricks = self.hand.tricks
        seen = self._seen
        if len(tricks) != len(seen) or any(a is not b for a, b in zip(tricks, seen, strict=True)):
            rows = self._tricks
            self._tricks = [
                rows[index] if index < len(seen) and seen[index] is trick else trick_json(trick)
                for index, trick in enumerate(tricks)]
            self._seen = tricks
            self._phase = None
        return self._tricks

    def points(self) -> list[int]:
        """The points taken (after :meth:`tricks`: they move with the tricks, and
        with a moon at the end)."""
        phase = self.hand.phase
        if phase is not self._phase:
            self._points = list(self.hand.points)
            self._phase = phase
        return self._points

    def voids(self) -> list[list[str]]:
        """The suits each seat has shown out of."""
        voids = tuple(self.hand.voids(seat) for seat in SEATS)
        if voids != self._voids_key:
            self._voids = voids_json(voids)
            self._voids_key = voids
        return self._voids


def nest(public: Flat, own: Flat) -> dict[str, Any]:
    """The state itself (:meth:`~hearts.table.seatstate.SeatState.to_json`'s form)
    from its public part and a seat's own (or a watcher's)."""
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


def seat_state(table: Table, seat: Seat, deadlines: Mapping[int, float] | None = None,
               watchers: Sequence[str] = ()) -> SeatState:
    """What ``seat`` may see and do at ``table`` now, as a typed value (the
    projection's state read back: the same value a network client reads).

    ``deadlines`` says when the pauses the table asked for end (by token, seconds
    since 1970), so a turn timer and a seat's grace time show their end;
    ``watchers`` names who watches."""
    return seat_states(table, (seat,), deadlines, watchers)[0]


def seat_states(table: Table, seats: Sequence[Seat],
                deadlines: Mapping[int, float] | None = None,
                watchers: Sequence[str] = ()) -> list[SeatState]:
    """What each of ``seats`` may see and do at ``table`` now (as :func:`seat_state`),
    the public part built once."""
    projection = Projection()
    public = projection.public(table, deadlines, watchers)
    return [SeatState.from_json(nest(public, projection.own(table, seat))) for seat in seats]
