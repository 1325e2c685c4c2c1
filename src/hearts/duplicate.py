"""Duplicate at a friends' table: every deal played again with its cards moved
round the seats, and the standings taken against the others who held the same
cards.

The scheme (docs/playing.md says why it is fair, and where it is not):

- An **evening** is ``deals`` deals, each played ``rounds`` times: twice when the
  people sit in South and North (one or two people: the cards move across the
  table), four times when three or four people play (the cards move one seat
  each round, so everyone holds every hand of a deal once).
- The people keep their seats; the **cards** move. In a round whose
  :attr:`~hearts.hand_record.DuplicatePlace.shift` is ``k``, seat ``s`` holds
  the cards seat ``s + k`` was dealt (and the deal moves with them), exactly
  as if everyone had moved ``k`` seats round the table.
- The rounds come one after another over the evening, not one deal at once:
  round 0 of every deal, then round 1 of every deal, and so on, so a person
  meets a deal again only after the others.
- Each deal starts with the rounds shifted by its number, so over as many deals
  as there are rounds, every person meets each hand of a deal first (unseen)
  once.
- The cards of deal ``d`` come from :func:`hearts.seeds.duplicate_seed` of the
  evening's seed and ``d``; the computer player that holds the cards seat ``X``
  was dealt is seeded by the evening, the deal and ``X`` in every round, and
  decides from the seat's view turned back to where those cards were dealt
  (:func:`base_view`), so the same cards meet the same play: a person who
  plays as the computer would have, in the same position, is followed by the
  very same cards.
- A person's **standing** on one hand is their points less the mean of the
  points the others (people or computers) took with the same cards in the
  other rounds of that deal played so far; the evening's standing is the sum
  (lower is better, as in Hearts).

Every hand of an evening records its place (:class:`~hearts.hand_record.DuplicatePlace`);
:func:`to_base` turns its record back to the deal as first dealt, which
``hearts verify`` replays from the deal's seed and the computers' seeds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from hearts.cards import SEAT_KEYS, Seat
from hearts.hand import DuplicatePlace, Hand, HandRecord, Passed, SeatPlayer
from hearts.match import Match, MatchOver
from hearts.rules import Rules
from hearts.seeds import duplicate_seed
from hearts.view import Phase, PlayerView, Trick

__all__ = ["MAX_DEALS", "DuplicateMatch", "Evening", "EveningError", "EveningStandings",
           "Standing", "base_view", "check_evening", "deal_round", "decision_view",
           "evening_standings", "player_seed", "standings", "to_base"]

MAX_DEALS = 13
"""The most deals an evening may have (13 deals of 4 rounds: 52 hands)."""


class EveningError(ValueError):
    """An evening's records that do not hang together; the message says why."""


@dataclass(frozen=True, slots=True)
class Evening:
    """How a duplicate evening is played: its deals and how often each is played."""

    deals: int
    """How many different deals."""
    rounds: int
    """How many times each deal is played (2 or 4)."""

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= MAX_DEALS:
            raise ValueError(f"a duplicate evening has 1 to {MAX_DEALS} deals")
        if self.rounds not in (2, 4):
            raise ValueError("each deal of a duplicate evening is played 2 or 4 times")

    @classmethod
    def for_people(cls, deals: int, people: int) -> Evening:
        """The evening for ``people`` people's seats (South, North, West, East in
        that order): the cards move across the table for one or two people, one
        seat a round for three or four."""
        return cls(deals, 2 if people <= 2 else 4)

    @property
    def hands(self) -> int:
        """How many hands the evening has."""
        return self.deals * self.rounds

    def place(self, seed: int, number: int) -> DuplicatePlace:
        """Where hand ``number`` (0 = the first) of the evening with ``seed`` stands."""
        if not 0 <= number < self.hands:
            raise ValueError(f"a hand of this evening is numbered 0 to {self.hands - 1}")
        round_, deal = divmod(number, self.deals)
        step = 4 // self.rounds
        return DuplicatePlace(seed, deal, round_, self.rounds, (deal + round_) * step % 4)


def held(place: DuplicatePlace, seat: Seat) -> Seat:
    """The seat whose dealt cards ``seat`` holds in the round at ``place``."""
    return seat.offset(place.shift)


def player_seed(place: DuplicatePlace, seat: Seat) -> int:
    """The seed of the computer player (or stand-in) in ``seat`` at ``place``: the
    same for whoever holds those cards in every round of the deal."""
    return duplicate_seed(place.evening, place.deal, SEAT_KEYS[held(place, seat)])


def base_hand(rules: Rules, place: DuplicatePlace) -> Hand:
    """Deal ``place.deal`` of the evening as first dealt: from its seed, deal ``d``
    dealt by seat ``d mod 4``, passing as the rules' rotation says for hand ``d``."""
    return Hand.deal(rules, duplicate_seed(place.evening, place.deal),
                     dealer=Seat(place.deal % 4), pass_direction=rules.pass_direction(place.deal))


def deal_round(rules: Rules, place: DuplicatePlace, player: str) -> Hand:
    """The hand of the round at ``place``: the deal's cards moved ``place.shift``
    seats, every seat named as the computer ``player`` (a level's name) with its
    seed (the table gives a person's seat to its person)."""
    base = base_hand(rules, place)
    hand = Hand(rules, [base.dealt(held(place, seat)) for seat in Seat],
                dealer=base.dealer.offset(-place.shift), pass_direction=base.pass_direction)
    hand.duplicate = place
    hand.players = tuple(SeatPlayer(player, player_seed(place, seat)) for seat in Seat)
    return hand


def _per_seat(values: tuple[int, ...], shift: int) -> tuple[int, ...]:
    """Values in seat order, turned so that each goes to the seat ``shift`` on."""
    return tuple(values[(index - shift) % 4] for index in range(4))


def base_view(view: PlayerView, shift: int) -> PlayerView:
    """``view`` as it would be with every seat moved ``shift`` on: the view of the
    seat where the cards were dealt, in the deal as first dealt."""
    def moved(seat: Seat) -> Seat:
        return seat.offset(shift)

    return replace(
        view, seat=moved(view.seat), dealer=moved(view.dealer),
        trick=tuple((moved(seat), card) for seat, card in view.trick),
        leader=None if view.leader is None else moved(view.leader),
        turn=None if view.turn is None else moved(view.turn),
        tricks=tuple(Trick(moved(t.leader), t.cards, moved(t.winner)) for t in view.tricks),
        points_taken=_per_seat(view.points_taken, shift), scores=_per_seat(view.scores, shift),
        cards_held=_per_seat(view.cards_held, shift),
        voids=tuple(view.voids[(index - shift) % 4] for index in range(4)))


def decision_view(hand: Hand, seat: Seat) -> PlayerView:
    """The view a computer player deciding for ``seat`` is given: the seat's own,
    turned back to where its cards were dealt in a duplicate evening's hand (so
    the same cards meet the same decisions in every round)."""
    view = hand.view(seat)
    return view if hand.duplicate is None else base_view(view, hand.duplicate.shift)


def to_base(record: HandRecord) -> HandRecord:
    """A duplicate evening's hand record turned back to the deal as first dealt
    (its seed the deal's): the record ``hearts verify`` replays. A record of no
    evening is returned as it is."""
    place = record.duplicate
    if place is None:
        return record
    shift = place.shift

    def moved(seat: Seat) -> Seat:
        return seat.offset(shift)

    players = record.players
    return replace(
        record, dealer=moved(record.dealer), scores=_per_seat(record.scores, shift),
        deal=tuple(record.deal[(index - shift) % 4] for index in range(4)),
        passes=tuple(Passed(moved(p.seat), p.cards) for p in record.passes),
        seed=duplicate_seed(place.evening, place.deal),
        players=None if players is None else tuple(players[(i - shift) % 4] for i in range(4)),
        stand_ins=tuple(s._replace(seat=moved(s.seat)) for s in record.stand_ins),
        assisted=frozenset(moved(seat) for seat in record.assisted), duplicate=None)


class DuplicateMatch(Match):
    """A duplicate evening as the table's match: its hands dealt as :class:`Evening`
    says, under the rules it started with (every round of a deal is the same hand),
    each hand from no scores (so the views of every round are alike); over when the
    last hand is."""

    def __init__(self, rules: Rules, seed: int, evening: Evening, player: str) -> None:
        super().__init__(rules, seed)
        self.evening = evening
        """Its deals and rounds."""
        self.player = player
        """The computer players' level, by name."""
        self.evening_rules = rules
        """The rules every hand of the evening is dealt with."""

    def deal(self, rules: Rules | None = None) -> Hand:
        """The next hand of the evening (``rules`` are ignored: the evening's stay)."""
        if self.over:
            raise MatchOver("The duplicate evening is over")
        if self.hand is not None and self.hand.phase is not Phase.OVER:
            raise MatchOver("The current hand is not finished")
        hand = deal_round(self.evening_rules, self.evening.place(self.seed, len(self.hands)),
                          self.player)
        self.hands.append(hand)
        return hand

    @property
    def over(self) -> bool:
        """True once the evening's last hand is finished."""
        hand = self.hand
        return (len(self.hands) >= self.evening.hands and hand is not None
                and hand.phase is Phase.OVER)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the lowest standing at the evening's end (empty until then)."""
        if not self.over:
            return ()
        board = [row for row in standings(self.hands) if row.hands]
        if not board:
            return ()
        best = min(row.difference for row in board)
        return tuple(sorted({row.seat for row in board if row.difference == best}))

    def again(self, rules: Rules, seed: int) -> Match:
        """Another evening like this one, with new cards."""
        return DuplicateMatch(rules, seed, self.evening, self.player)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's standing in a duplicate evening."""

    seat: Seat
    """Where they sit (the people keep their seats; the cards move)."""
    name: str
    """The person's name, or the computer's seat (``West``)."""
    person: bool
    """A person (not a computer player)."""
    hands: int
    """How many of their hands could be compared (another round of the deal was
    played)."""
    difference: Fraction
    """Their points less the others' on the same cards, summed (lower is better)."""
    points: int
    """Every point they took in the evening."""
    stood_in: int
    """Hands in which a computer player made some of their decisions."""
    assisted: int = 0
    """Hands in which they had help (a hint, or an undo at a table of one person)."""


def _holder(hand: Hand, seat: Seat) -> tuple[str, bool]:
    """Who held ``seat`` in ``hand``: a person's name (or the seat for a person the
    record does not name), else the seat (its computer player: not a person)."""
    player = None if hand.players is None else hand.players[seat]
    if player is not None and player.player == "human":
        return player.name or str(seat), True
    return str(seat), False


@dataclass(slots=True)
class _Tally:
    """One player's standing, added up hand by hand."""

    hands: int = 0
    difference: Fraction = Fraction(0)
    points: int = 0
    stood_in: int = 0
    assisted: int = 0


def standings(hands: Sequence[Hand]) -> list[Standing]:
    """Every player's standing after the finished hands of an evening among
    ``hands`` (see the module's docstring), people first, best first."""
    rounds: dict[tuple[int, int], dict[int, Hand]] = defaultdict(dict)
    for hand in hands:
        place = hand.duplicate
        if place is not None and hand.phase is Phase.OVER:
            rounds[(place.evening, place.deal)][place.round] = hand
    tallies: dict[tuple[Seat, str, bool], _Tally] = {}
    for played in rounds.values():
        for number, hand in played.items():
            place = hand.duplicate
            assert place is not None
            points = hand.points
            for seat in Seat:
                tally = tallies.setdefault((seat, *_holder(hand, seat)), _Tally())
                tally.points += points[seat]
                tally.stood_in += any(s.seat == seat for s in hand.stand_ins)
                tally.assisted += seat in hand.assisted
                others = [other.points[held(place, seat).offset(-other.duplicate.shift)]
                          for other_number, other in played.items()
                          if other_number != number and other.duplicate is not None]
                if others:
                    tally.hands += 1
                    tally.difference += points[seat] - Fraction(sum(others), len(others))
    board = [Standing(seat, name, person, t.hands, t.difference, t.points, t.stood_in,
                      t.assisted)
             for (seat, name, person), t in tallies.items()]
    board.sort(key=lambda row: (not row.person, row.hands == 0,
                                row.difference / row.hands if row.hands else 0, int(row.seat)))
    return board


@dataclass(frozen=True, slots=True)
class EveningStandings:
    """Where a duplicate evening stands after its latest hand, as data: each front
    end words it from the catalogue (:func:`hearts.words.standings.standings_text`)."""

    finished: int
    """How many hands are finished (0: none yet, and the rest says nothing)."""
    over: bool
    """True once the evening's last hand is finished."""
    deal: int
    """The latest finished hand's deal, from 1 (0 before any)."""
    deals: int
    round: int
    """The latest finished hand's round, from 1 (0 before any)."""
    rounds: int
    rows: tuple[Standing, ...]
    """The players compared so far, best first: the people's standings (every
    seat's at a table of computers only); none until a deal is played again."""


def evening_standings(match: DuplicateMatch) -> EveningStandings:
    """The standings after the hands of ``match`` finished so far."""
    finished = [hand for hand in match.hands if hand.phase is Phase.OVER]
    evening = match.evening
    if not finished:
        return EveningStandings(0, match.over, 0, evening.deals, 0, evening.rounds, ())
    place = finished[-1].duplicate
    assert place is not None
    board = standings(match.hands)
    shown = [row for row in board if row.person] or board
    return EveningStandings(len(finished), match.over, place.deal + 1, evening.deals,
                            place.round + 1, evening.rounds,
                            tuple(row for row in shown if row.hands))


def check_evening(records: Sequence[HandRecord]) -> str:
    """Check that the duplicate records ``records`` are hands of one evening, each
    deal and round once, in the place the scheme gives it, the rounds of a deal
    under the same rules and each holding the cards of its deal's seed moved as
    its shift says. Returns what was found; :class:`EveningError` says what is
    wrong (the hands' decisions are checked apart, by ``hearts verify``)."""
    places = [record.duplicate for record in records]
    if not records or any(place is None for place in places):
        raise EveningError("these are not all hands of a duplicate evening")
    seeds = {place.evening for place in places if place is not None}
    if len(seeds) != 1:
        raise EveningError(f"the hands come from {len(seeds)} different evenings")
    rounds = {place.rounds for place in places if place is not None}
    if len(rounds) != 1:
        raise EveningError("the hands do not agree on how many rounds a deal has")
    deals = max(place.deal for place in places if place is not None) + 1
    try:
        evening = Evening(deals, rounds.pop())
    except ValueError as error:
        raise EveningError(str(error)) from None
    seen: dict[tuple[int, int], HandRecord] = {}
    first: dict[int, HandRecord] = {}
    for record in records:
        place = record.duplicate
        assert place is not None
        key = (place.deal, place.round)
        if key in seen:
            raise EveningError(f"deal {place.deal + 1}, round {place.round + 1} is there twice")
        seen[key] = record
        expected = evening.place(place.evening, place.round * deals + place.deal)
        if place.shift != expected.shift:
            raise EveningError(f"deal {place.deal + 1}, round {place.round + 1}: its cards are "
                               f"moved {place.shift} seats, not {expected.shift}")
        base = to_base(record)
        dealt = base_hand(record.rules, place)
        if base.dealer != dealt.dealer or base.pass_direction != dealt.pass_direction or \
                any(set(base.deal[seat]) != set(dealt.dealt(seat)) for seat in Seat):
            raise EveningError(f"deal {place.deal + 1}, round {place.round + 1}: its cards are "
                               "not the deal's, moved as its round says")
        if any(record.scores):
            raise EveningError(f"deal {place.deal + 1}, round {place.round + 1}: a hand of "
                               "an evening starts from no scores")
        earlier = first.setdefault(place.deal, record)
        if earlier.rules != record.rules:
            raise EveningError(f"deal {place.deal + 1}: its rounds are not under the same rules")
    played = sorted(seen)
    complete = sum(all((deal, r) in seen for r in range(evening.rounds)) for deal in range(deals))
    return (f"evening {seeds.pop()}: {len(played)} hands of {deals} deals, "
            f"{complete} of them played in all {evening.rounds} rounds, each round the "
            "deal's own cards moved round the seats")
