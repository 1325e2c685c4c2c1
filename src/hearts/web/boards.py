"""The boards of a server: today's deal and each challenge, names and results.

A **board** is the list of results of one set of deals: today's deal under the
server's rules (a board a day), or a challenge between friends (a board a code,
its deals side by side). There is no account: a result goes on a board under a
name (checked as at a table, :func:`hearts.net.wire.names.check_name`) and the
board's token of the browser (or program) that sent it, a secret made by the
server the first time. A name on a board is that token's alone, a token has one
name on a board, and each deal's first result stands.

A result is accepted only as the hand's record (a day's record, or a challenge
record), read by :func:`claim_of`: it must be today's deal (or yesterday's, for
a hand finished past midnight) or a challenge's, and it must verify
(:func:`check_claim`, in a worker: :func:`hearts.verify.verify_played` replays
every decision of the three Experts and checks the cards, the points, the par
and the assisted mark against the hand's own record). A result played with the
hint or undo is shown as assisted; one where a computer player stood in for
South (its person away, or out of time) as partly the computer's.

The boards are bounded (:class:`BoardLimits`: names a board, boards begun a day) and
the results sent are limited by address and network, and in all, as the
server's other limits are (token buckets, :mod:`hearts.net.admission.limits`): checking a
result costs a worker the time of a hand. The boards are kept on disk, one
JSON file a board under the data folder's ``web/boards/``, each replaced whole
by a rename after every result (a file that does not read is moved aside and
the board starts again empty, with a line in the server's log), so a server
started again shows them as they were; the workers of ``hearts host --workers``
share one folder, each adding to a board under a lock on it.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from hearts.cards import Seat
from hearts.challenge import Challenge, ChallengeError, read_challenge_record
from hearts.daily import DailyDeal, DayRecordError, SetDeal, read_day_record, today
from hearts.hand import HandRecordError
from hearts.net.admission.limits import TokenBucket, network_of
from hearts.net.tables.saver import write_private
from hearts.net.wire.names import BadName, check_name, name_key
from hearts.paths import set_aside
from hearts.verify import read_deal_hand, verify_played

__all__ = ["BOARD_FORMAT", "Board", "BoardLimits", "BoardRefused", "Boards", "Claim",
           "Result", "check_claim", "claim_of"]

BOARD_FORMAT = "hearts-board"
"""The ``format`` of a board's file."""

HOUR = 3600.0


class BoardRefused(ValueError):
    """A result the board does not take; the message says why, in words a person
    reads, and :attr:`status` is the HTTP status that goes with it."""

    def __init__(self, text: str, status: int = 400) -> None:
        super().__init__(text)
        self.status = status
        """400 for a record that is not a result, 409 for a name or deal already on
        the board, 429 for too many results sent, 507 for a board that is full."""


@dataclass(frozen=True)
class BoardLimits:
    """How big the boards grow and how many results are taken."""

    names: int = 200
    """Names on one board (past it, the board takes no new name)."""
    boards: int = 200
    """New boards begun in a day (past it, a result for a board not begun yet is
    refused until the next hours): with the names a board, what bounds the disk
    the boards take (a board is at most some 40 KB)."""
    per_address: int = 40
    """Deals' results sent from one address in an hour (a challenge's record counts
    each of its deals)."""
    per_network: int = 120
    """Deals' results sent from one network (a /24, an IPv6 /64) in an hour."""
    per_hour: int = 1200
    """Deals' results sent in all in an hour (each costs a worker the time of two
    hands: the par if not known yet, and the check)."""
    body: int = 256 * 1024
    """The largest result sent, in bytes (a challenge of 20 deals is well under)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A result as sent, read for its form but not yet checked: the board it is
    for, and each deal's entry (``hand``, ``points``, ``par``, ``assisted``)."""

    kind: str
    """``day`` or ``challenge``."""
    ident: str
    """The board's name: ``DATE/RULES`` for a day, the code for a challenge."""
    deals: tuple[tuple[int, SetDeal, dict[str, Any]], ...]
    """Each deal's number (1 for a day), the deal, and its entry as sent."""
    name: str | None = None
    """The name a challenge record gives (a day's record gives none)."""


@dataclass(frozen=True, slots=True)
class Result:
    """One deal's result, checked."""

    deal: int
    points: int
    par: int
    assisted: bool
    stood_in: bool = False
    """A computer player made some of South's decisions (the person was away, or
    their time ran out): the result is shown as partly the computer's."""


def claim_of(data: object, now: date | None = None) -> Claim:
    """Read a day's record or a challenge record sent to a board (:class:`BoardRefused`
    says what is wrong): a day must be today (UTC) or yesterday."""
    if isinstance(data, dict) and data.get("format") == "hearts-challenge":
        try:
            challenge, name, entries = read_challenge_record(data)
        except ChallengeError as error:
            raise BoardRefused(f"not a challenge's result: {error}") from None
        if not entries:
            raise BoardRefused("the challenge record holds no deal played")
        return Claim("challenge", challenge.code, tuple(
            (entry["deal"], challenge.deal(entry["deal"]), entry) for entry in entries), name)
    try:
        daily, _record, fields = read_day_record(data)
    except DayRecordError as error:
        raise BoardRefused(f"not a result of today's deal: {error}") from None
    day = now or today()
    if daily.day not in (day, day - timedelta(days=1)):
        raise BoardRefused(f"the board takes today's deal ({day}) and yesterday's, "
                           f"not the deal of {daily.day}")
    return Claim("day", f"{daily.day.isoformat()}/{daily.words}", ((1, daily, fields),))


def check_claim(claim: Claim, pars: dict[int, int]) -> list[Result]:
    """Each deal of ``claim`` verified (run in a worker: it replays every decision of
    the Experts), its par given in ``pars`` by deal number; :class:`BoardRefused`
    names the first deal that does not verify."""
    results = []
    for number, deal, entry in claim.deals:
        where = "" if claim.kind == "day" else f"deal {number}: "
        try:
            record = read_deal_hand(entry.get("hand"))  # once: checked, then its stand-ins
        except HandRecordError as error:
            raise BoardRefused(f"the result does not verify: {where}{error}") from None
        verdict = verify_played(deal, record, entry.get("points"), entry.get("par"),
                                entry.get("assisted"), pars[number])
        if not verdict.verified:
            raise BoardRefused(f"the result does not verify: {where}{verdict.message}")
        stood_in = any(s.seat is Seat.SOUTH for s in record.stand_ins)
        results.append(Result(number, entry["points"], entry["par"], entry["assisted"],
                              stood_in))
    return results


def token_key(token: str) -> str:
    """What a board keeps of a token: its SHA-256 (the file holds no secret)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Board:
    """One board: its results by name, in the order the names came."""

    kind: str
    ident: str
    entries: list[dict[str, Any]] = field(default_factory=list)
    """Each ``{"name", "key", "deals": {"N": {"points", "par", "assisted", "when"}}}``."""

    @property
    def deals(self) -> int:
        """How many deals the board has columns for."""
        if self.kind == "challenge":
            return Challenge.parse(self.ident).deals
        return 1

    def to_json(self) -> dict[str, Any]:
        """The board as kept and as ``/board/...json`` shows it (without the keys)."""
        return {"format": BOARD_FORMAT, "version": 1, "kind": self.kind, "ident": self.ident,
                "entries": self.entries}

    def public(self) -> dict[str, Any]:
        """The board as anyone may read it: names and results, no token's key."""
        return {"kind": self.kind, "ident": self.ident, "deals": self.deals,
                "entries": [{"name": e["name"], "deals": e["deals"]} for e in self.ranked()]}

    def ranked(self) -> list[dict[str, Any]]:
        """The entries, best first: the most deals played, then the fewest points
        over par in all, then the first to come."""
        def key(entry: dict[str, Any]) -> tuple[int, int]:
            deals = entry["deals"].values()
            return -len(deals), sum(d["points"] - d["par"] for d in deals)
        return sorted(self.entries, key=key)

    def entry(self, name: str, token: str) -> dict[str, Any] | None:
        """The entry of ``name`` sent with ``token`` (None if neither is on the
        board); :class:`BoardRefused` when the name is another's, or the token
        has another name here."""
        key, wanted = token_key(token), name_key(name)
        for entry in self.entries:
            same_name = name_key(entry["name"]) == wanted
            if same_name and entry["key"] == key:
                return entry
            if same_name:
                raise BoardRefused(f"someone on this board is already called {entry['name']}: "
                                   "choose another name", 409)
            if entry["key"] == key:
                raise BoardRefused(f"you are on this board as {entry['name']}: send your "
                                   "results under that name", 409)
        return None


class Boards:
    """The boards of one server, kept in ``folder``, and the results sent to them."""

    def __init__(self, folder: Path, limits: BoardLimits | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 warn: Callable[[str], None] | None = None) -> None:
        self.folder = folder
        """Where the boards are kept: a JSON file each."""
        self.limits = limits or BoardLimits()
        """The bounds and the limits."""
        self._clock = clock
        self._warn = warn or (lambda text: None)
        self._held: OrderedDict[str, tuple[int, Board]] = OrderedDict()
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()
        self._all = TokenBucket(self.limits.per_hour / HOUR, self.limits.per_hour, clock)
        self._new = TokenBucket(self.limits.boards / (24 * HOUR), self.limits.boards, clock)

    # --- the limits ------------------------------------------------------------------

    def _bucket(self, key: str, per_hour: int) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(per_hour / HOUR, per_hour, self._clock)
            while len(self._buckets) > 50_000:  # the least recently seen are forgiven
                self._buckets.popitem(last=False)
        self._buckets.move_to_end(key)
        return bucket

    def admit(self, address: str, deals: int = 1) -> None:
        """A result of ``deals`` deals sent from ``address``: :class:`BoardRefused`
        (429) past the address's, its network's or the server's number an hour."""
        for _ in range(deals):
            self._admit_one(address)

    def _admit_one(self, address: str) -> None:
        limits = self.limits
        if not self._bucket("a:" + address, limits.per_address).take():
            raise BoardRefused("as many results as one address may send in an hour came "
                               "from yours: try again later", 429)
        if not self._bucket("n:" + network_of(address), limits.per_network).take():
            raise BoardRefused("as many results as one network may send in an hour came "
                               "from yours: try again later", 429)
        if not self._all.take():
            raise BoardRefused("this server has checked as many results as it may in an "
                               "hour: try again later", 429)

    # --- the boards ------------------------------------------------------------------

    def path(self, kind: str, ident: str) -> Path:
        """The file of a board."""
        digest = hashlib.sha256(f"{kind}/{ident}".encode()).hexdigest()[:24]
        return self.folder / f"{kind}-{digest}.json"

    def board(self, kind: str, ident: str) -> Board:
        """The board ``kind``/``ident`` as kept (empty if it has no result yet): read
        again when its file changed (another worker of the server wrote it)."""
        path = self.path(kind, ident)
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            stamp = -1
        held = self._held.get(str(path))
        if held is not None and held[0] == stamp:
            self._held.move_to_end(str(path))
            return held[1]
        board = Board(kind, ident)
        if path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if data.get("format") != BOARD_FORMAT or data.get("ident") != ident:
                    raise ValueError("not this board's file")
                board.entries = [e for e in data["entries"] if isinstance(e, dict)]
            except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
                aside = set_aside(path)
                self._warn(f"The board in {path.name} could not be read ({error}): moved "
                           f"aside to {aside.name if aside else '?'}; it starts again empty")
        self._held[str(path)] = (stamp, board)
        while len(self._held) > 64:
            self._held.popitem(last=False)
        return board

    def check_room(self, claim: Claim, name: str, token: str) -> Board:
        """The board ``claim`` is for, after the checks that cost nothing: the name
        and token fit it, some deal sent is not there yet, and the board has room
        (:class:`BoardRefused` says which does not)."""
        board = self.board(claim.kind, claim.ident)
        entry = board.entry(name, token)
        if entry is None and len(board.entries) >= self.limits.names:
            raise BoardRefused(f"the board is full: it holds {self.limits.names} names", 507)
        if entry is not None and all(str(n) in entry["deals"] for n, _, _ in claim.deals):
            raise BoardRefused("your result is on the board already: the first play of a "
                               "deal is the one that counts", 409)
        return board

    def add(self, claim: Claim, name: str, token: str, results: list[Result],
            when: str) -> Board:
        """Put checked ``results`` on the board under ``name`` and ``token`` (the
        checks of :meth:`check_room` made again: the board may have changed while
        the result was verified), and keep the board on disk whole. A deal already
        on the board for that name keeps its first result. The workers of one
        server share the folder: each adds under a lock on it, to the board as
        its file holds it then."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        with _locked(self.folder / ".lock"):
            board = self.check_room(claim, name, token)
            path = self.path(claim.kind, claim.ident)
            if not board.entries and not path.exists() and not self._new.take():
                raise BoardRefused("this server has begun as many boards as it may in a "
                                   "day: try again later", 507)
            entry = board.entry(name, token)
            if entry is None:
                entry = {"name": name, "key": token_key(token), "deals": {}}
                board.entries.append(entry)
            for result in results:
                kept = {"points": result.points, "par": result.par,
                        "assisted": result.assisted, "when": when}
                if result.stood_in:
                    kept["computer"] = True
                entry["deals"].setdefault(str(result.deal), kept)
            try:
                write_private(path, json.dumps(board.to_json(), ensure_ascii=False))
            finally:
                self._held.pop(str(path), None)  # read again next time, as written
        return board


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (made if need be) while the block runs."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # (the lock goes with it)


def board_name(text: str) -> str:
    """A name for a board, checked as at a table (:class:`BoardRefused` says why not)."""
    try:
        return check_name(text[:200])
    except BadName as error:
        raise BoardRefused(f"that name cannot go on the board: {error}") from None


def day_ident(daily: DailyDeal) -> str:
    """The board's name of a day's deal: ``DATE/RULES``."""
    return f"{daily.day.isoformat()}/{daily.words}"
