"""Who sat where in a reviewed hand, as the review names them.

People are named as they sat: by the name the table gave them where people shared
it (the hand record keeps it), else by their seat ("South"). Computer players
are named by seat and level: "West (Club)"; an outside player by seat and the
name it played under. A record from before the names were kept reads the same
way, each person by their seat.

A name comes from a file, so it is shown only as plain text: characters that
are not printable (controls, formatting marks) become "?" and it is cut to
:data:`SHOWN_NAME` characters (the page cuts it further where room is short).
"""

from __future__ import annotations

from hearts.cards import Seat
from hearts.hand import HandRecord, SeatPlayer
from hearts.levels import LEVEL_NAMES

__all__ = ["SHOWN_NAME", "Seating"]

SHOWN_NAME = 24
"""The most characters of a person's name (or an outside player's) the review shows."""


def _plain(text: str, limit: int) -> str:
    """``text`` as plain printable characters, spaces run together, cut to ``limit``."""
    shown = "".join(char if char.isprintable() else "?" for char in text)
    shown = " ".join(shown.split())
    return shown if len(shown) <= limit else shown[:limit - 1] + "~"


class Seating:
    """The four seats of a hand record: who sat in each, and their names."""

    def __init__(self, record: HandRecord) -> None:
        players = record.players
        entries: list[SeatPlayer | None] = [None] * 4 if players is None else list(players)
        self._taken: set[Seat] = set()
        """Seats a person took during the hand (a computer player had them first)."""
        for stand_in in record.stand_ins:  # a person who took a seat during the hand holds it
            held = entries[stand_in.seat]
            if stand_in.player == "human" and (held is None or held.player != "human"):
                entries[stand_in.seat] = SeatPlayer("human", name=stand_in.name)
                self._taken.add(stand_in.seat)
        self.people = tuple(seat for seat, entry in zip(Seat, entries, strict=True)
                            if entry is not None and entry.player == "human")
        """The seats people played."""
        self._first = {seat: _player(players[seat].player)
                       for seat in self._taken if players is not None}
        """The computer player a person's seat had before they took it."""
        self.names = tuple(_name(seat, entry) for seat, entry in zip(Seat, entries, strict=True))
        """Each seat's name in the review, in seat order: "Ann", "South", "West (Club)"."""
        self.named = tuple(seat in self.people and name != str(seat)
                           for seat, name in zip(Seat, self.names, strict=True))
        """Whether the person of each seat has a name of their own (not the seat's)."""
        self._stand_ins: dict[tuple[Seat, int | None], str] = {}
        self._persons: set[tuple[Seat, int | None]] = set()
        """The decisions a person made in a seat they took during the hand."""
        for stand_in in record.stand_ins:
            made = (stand_in.seat, stand_in.play)
            if stand_in.player == "human":
                self._persons.add(made)
            else:
                self._stand_ins[made] = _player(stand_in.player)

    @property
    def friends(self) -> bool:
        """More than one person played: a table for friends."""
        return len(self.people) > 1

    def name(self, seat: Seat) -> str:
        """``seat``'s name in the review."""
        return self.names[seat]

    def title(self, seat: Seat) -> str:
        """``seat``'s name with the seat where it does not say it: "Ann (South)"."""
        name = self.names[seat]
        return f"{name} ({seat})" if self.named[seat] else name

    def stand_in(self, seat: Seat, plays: int | None) -> str | None:
        """The level of a computer player that made ``seat``'s decision for its person
        (the pass with ``plays`` None, else the card played after ``plays`` cards),
        if one did: that decision is not the person's own."""
        return self._stand_ins.get((seat, plays))

    def own(self, seat: Seat, plays: int | None) -> bool:
        """Whether ``seat``'s decision (as for :meth:`stand_in`) was made by the seat's
        own player (its person, where a person sat), not by one standing in."""
        if seat in self._taken:
            return (seat, plays) in self._persons
        return (seat, plays) not in self._stand_ins

    def player(self, seat: Seat, plays: int | None) -> str | None:
        """Who made ``seat``'s decision when it was not the seat's own player: the
        level of the computer player that did ("Club"), else None."""
        if self.own(seat, plays):
            return None
        return self._stand_ins.get((seat, plays)) or self._first.get(seat)


def _player(player: str) -> str:
    """A computer player's name in the review: its level ("Club") or its own."""
    if player in LEVEL_NAMES:
        return player.capitalize()
    return _plain(player, SHOWN_NAME)


def _name(seat: Seat, entry: SeatPlayer | None) -> str:
    if entry is None:
        return str(seat)
    if entry.player == "human":
        shown = _plain(entry.name, SHOWN_NAME) if entry.name is not None else ""
        return shown or str(seat)
    return f"{seat} ({_player(entry.player)})"
