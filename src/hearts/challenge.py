"""Challenges between friends: a short code naming a set of deals and the rules.

A code holds a version, the rules, how many deals and a seed, with a check
byte, written in base 32 (``hearts challenge new`` makes one). Each deal of it
is a :class:`~hearts.daily.ChallengeDeal`: its cards and its three Experts are
seeded from the seed, the rules' words and the deal's number, so the deals and
their pars are the same for everyone who has the code. Each person plays them in
their own time and exports a **challenge record** (their name, the code, and a
day's-record-like entry a deal); ``hearts challenge show CODE FILE...`` checks
each (as ``hearts verify`` does) and sets the people's points side by side,
deal by deal, with the par. No server is needed.
"""

from __future__ import annotations

import base64
import hashlib
import random
from dataclasses import dataclass
from typing import Any

from hearts.daily import DAILY_TARGET, ChallengeDeal
from hearts.rules import Passing, Rules, Scoring

__all__ = ["CHALLENGE_FORMAT", "CHALLENGE_VERSION", "MAX_DEALS", "MAX_NAME", "Challenge",
           "ChallengeError", "challenge_record", "read_challenge_record"]

CHALLENGE_FORMAT = "hearts-challenge"
"""The ``format`` of a challenge record (one person's results)."""
CHALLENGE_VERSION = 1
"""The version of the codes and the records this code reads and writes."""
MAX_DEALS = 20
"""The most deals a challenge may hold."""
_SWITCHES = ("jack_of_diamonds", "first_lead", "leading_hearts", "first_trick", "pass_queen")
_PASSINGS = tuple(Passing)


class ChallengeError(ValueError):
    """A code (or a challenge record) that does not read; the message says why."""


def _rules_bytes(rules: Rules) -> bytes:
    flags = int(rules.scoring is Scoring.CLASSIC)
    for bit, name in enumerate(_SWITCHES, 1):
        flags |= int(getattr(rules, name)) << bit
    flags |= _PASSINGS.index(rules.passing) << 6
    return bytes([flags]) + min(rules.target, 0xFFFF).to_bytes(2, "big")


def _rules_of(data: bytes) -> Rules:
    flags, target = data[0], int.from_bytes(data[1:3], "big")
    passing = flags >> 6
    if passing >= len(_PASSINGS) or target < 1:
        raise ChallengeError("the code names no rules this version knows")
    switches = {name: bool(flags >> bit & 1) for bit, name in enumerate(_SWITCHES, 1)}
    return Rules(scoring=Scoring.CLASSIC if flags & 1 else Scoring.HOUSE,
                 passing=_PASSINGS[passing], target=target, **switches)


@dataclass(frozen=True, slots=True)
class Challenge:
    """A set of deals under one set of rules, named by a short code."""

    seed: int
    """The 48-bit seed every deal's seed comes from."""
    rules: Rules
    """The rules every deal is played under."""
    deals: int
    """How many deals (1 to :data:`MAX_DEALS`)."""

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= MAX_DEALS:
            raise ChallengeError(f"a challenge has 1 to {MAX_DEALS} deals, not {self.deals}")
        if not 0 <= self.seed < 1 << 48:
            raise ChallengeError("a challenge's seed is a 48-bit whole number")

    @classmethod
    def new(cls, rules: Rules, deals: int, rng: random.Random | None = None) -> Challenge:
        """A fresh challenge (a random seed) of ``deals`` deals under ``rules`` played
        to 100, as a day's deal is."""
        seed = (rng or random.SystemRandom()).getrandbits(48)
        return cls(seed, _with_target(rules), deals)

    @property
    def code(self) -> str:
        """The code a friend is given: base 32 of the version, the rules, the number
        of deals, the seed and a check byte, in groups of four."""
        payload = (bytes([CHALLENGE_VERSION]) + _rules_bytes(self.rules)
                   + bytes([self.deals]) + self.seed.to_bytes(6, "big"))
        text = base64.b32encode(payload + hashlib.sha256(payload).digest()[:1]).decode()
        text = text.rstrip("=").lower()
        return "-".join(text[i:i + 4] for i in range(0, len(text), 4))

    @classmethod
    def parse(cls, code: str) -> Challenge:
        """The challenge a code names (dashes, spaces and case do not matter);
        :class:`ChallengeError` says why a code does not read."""
        text = "".join(code.split()).replace("-", "").upper()
        if len(text) != 20:
            raise ChallengeError(f"a challenge code has 20 letters and digits, not {len(text)}")
        try:
            data = base64.b32decode(text + "====")
        except ValueError:
            raise ChallengeError("a challenge code holds only a-z and 2-7") from None
        payload, check = data[:-1], data[-1:]
        if hashlib.sha256(payload).digest()[:1] != check:
            raise ChallengeError("the code is mistyped (its check does not match)")
        if payload[0] != CHALLENGE_VERSION:
            raise ChallengeError(f"the code is of version {payload[0]}, not "
                                 f"{CHALLENGE_VERSION}: a newer Hearts made it")
        return cls(int.from_bytes(payload[5:11], "big"), _rules_of(payload[1:4]), payload[4])

    def deal(self, number: int) -> ChallengeDeal:
        """Deal ``number`` (1 = the first)."""
        if not 1 <= number <= self.deals:
            raise ChallengeError(f"the challenge has deals 1 to {self.deals}, not {number}")
        return ChallengeDeal(self.seed, self.rules, number - 1)


def _with_target(rules: Rules) -> Rules:
    from dataclasses import replace

    return replace(rules, target=DAILY_TARGET)


def challenge_record(challenge: Challenge, name: str,
                     deals: list[dict[str, Any]]) -> dict[str, Any]:
    """One person's challenge record (JSON-ready): their name, the code, and each
    deal they finished as ``{"deal": N, "points", "par", "assisted", "hand"}``."""
    return {"format": CHALLENGE_FORMAT, "version": CHALLENGE_VERSION, "code": challenge.code,
            "name": name, "deals": deals}


MAX_NAME = 24
"""The longest name a challenge record may give (as at a network table)."""


def read_challenge_record(data: object) -> tuple[Challenge, str, list[dict[str, Any]]]:
    """The challenge, the person's name and the deals of a challenge record, read for
    their form (each deal's hand is checked by :func:`hearts.verify.verify_deal`);
    :class:`ChallengeError` names the first thing that is wrong."""
    if not isinstance(data, dict) or data.get("format") != CHALLENGE_FORMAT:
        raise ChallengeError(f"not a {CHALLENGE_FORMAT} record")
    if data.get("version") != CHALLENGE_VERSION:
        raise ChallengeError(f"not a {CHALLENGE_FORMAT} record of version {CHALLENGE_VERSION}")
    code, name, deals = data.get("code"), data.get("name"), data.get("deals")
    if not isinstance(code, str) or len(code) > 40:
        raise ChallengeError("its code is not a challenge code")
    challenge = Challenge.parse(code)
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME \
            or not name.isprintable():
        raise ChallengeError(f"its name must be 1 to {MAX_NAME} printable characters")
    if not isinstance(deals, list) or len(deals) > challenge.deals:
        raise ChallengeError(f"its deals must be a list of at most {challenge.deals}")
    seen = set()
    for entry in deals:
        number = entry.get("deal") if isinstance(entry, dict) else None
        if type(number) is not int or not 1 <= number <= challenge.deals or number in seen:
            raise ChallengeError(f"each deal must name its number, 1 to {challenge.deals}, "
                                 "once")
        seen.add(number)
    return challenge, name.strip(), deals
