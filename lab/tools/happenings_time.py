"""The CPU the happenings' JSON costs (hearts.table.happenings, issue 67): a
hand's worth of happenings (a beginners' hand: the deal, the passes, every card,
trick and the hand's end, and three seat moves), written as a change's events by
the server's path (``events_text``: warm, each happening's text cached as the
server runs; cold, each written by ``happening_json``), as a state's events
(``numbered_json``), and read back (``read_happening``). Prints microseconds a
call, best of 7 repeats.

    nice -n 19 .venv/bin/python lab/tools/happenings_time.py
"""

from __future__ import annotations

import timeit

from hearts.ai import Level, make_player
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.net.wire import messages as msg
from hearts.rules import Rules
from hearts.table import happenings as hp


def hand_of_happenings(seed: int) -> list[tuple[int, hp.Happening]]:
    """The happenings of a hand of four beginners dealt from ``seed``, numbered."""
    hand = Hand.deal(Rules(), seed)
    players = [make_player(Level.BEGINNER, s) for s in range(4)]
    told: list[hp.Happening] = [hp.Dealt(1)]
    for seat in Seat:
        cards = tuple(players[seat].choose_pass(hand.view(seat)))
        hand.pass_cards(seat, cards)
        to = hand.pass_direction.target(seat)
        told += [hp.Passed(seat, to), hp.PassedCards(seat, to, cards)]
    for seat in Seat:
        told.append(hp.Received(seat, hand.pass_direction.source(seat), hand.received(seat)))
    broken = False
    while hand.turn is not None:
        seat = hand.turn
        card = players[seat].choose_play(hand.view(seat))
        tricks = len(hand.tricks)
        hand.play(card)
        told.append(hp.played(seat, card))
        if not broken and card.suit.name == "HEARTS":
            broken = True
            told.append(hp.HeartsBroken(seat))
        if len(hand.tricks) > tricks:
            trick = hand.tricks[-1]
            told.append(hp.TrickTaken(trick.winner, len(hand.tricks),
                                      sum(hand.rules.card_points(c) for c in trick.cards)))
    told.append(hp.HandEnded(1, hand.points, hand.shooter))
    told += [hp.SatDown(Seat.NORTH, "Ann"), hp.Dropped(Seat.NORTH, "Ann"),
             hp.CameBack(Seat.NORTH, "Ann")]
    return list(enumerate(told, 1))


def main() -> None:
    """Time each way the happenings are written and read."""
    told = hand_of_happenings(5)
    one = told[20:21]
    dicts = [hp.numbered_json(*t) for t in told]

    def cold() -> str:
        msg._happening_text.cache_clear()
        return msg.events_text(told)

    cases = {
        f"events_text, a hand ({len(told)} happenings), warm cache":
            lambda: msg.events_text(told),
        "events_text, one card played, warm cache": lambda: msg.events_text(one),
        "events_text, a hand, cold cache (cache_clear each call)": cold,
        "numbered_json of a hand (a state's events)":
            lambda: [hp.numbered_json(*t) for t in told],
        "read_happening of a hand": lambda: [hp.read_happening(d) for d in dicts],
    }
    for name, call in cases.items():
        number = 2000 if "one card" not in name else 200000
        best = min(timeit.repeat(call, number=number, repeat=7)) / number
        print(f"{best * 1e6:9.3f} us  {name}")


if __name__ == "__main__":
    main()
