#!/usr/bin/env python3
"""A small Hearts bot speaking the bot protocol (docs/protocol.md), version 1.

It uses only the standard library's json, not the hearts package, to show what
a bot in any language has to do: read one JSON line, answer one JSON line.

    hearts-arena match "cmd:python3 examples/simple_bot.py" club --deals 50

Its play is simple: pass the three highest cards (never the queen of spades);
follow with the highest card that still loses the trick, else the lowest; when
void, throw the queen of spades, then the highest heart, then the highest card;
lead the lowest card.
"""

import json
import sys

RANKS = "23456789TJQKA"


def rank(card):
    """2 .. 14 from a card such as "QS" or "TH"."""
    return RANKS.index(card[:-1]) + 2


def suit(card):
    """The suit letter: C, D, H or S."""
    return card[-1]


def choose_pass(view):
    """Three highest cards, the queen of spades kept (it may not be passed)."""
    cards = [card for card in view["hand"] if card != "QS"]
    return sorted(cards, key=rank)[-3:]


def choose_play(view):
    """One of the legal cards."""
    legal = view["legal"]
    trick = view["trick"]
    if not trick:
        return min(legal, key=rank)
    led = suit(trick[0]["card"])
    following = [card for card in legal if suit(card) == led]
    if following:
        best = max(rank(play["card"]) for play in trick if suit(play["card"]) == led)
        under = [card for card in following if rank(card) < best]
        return max(under, key=rank) if under else min(following, key=rank)
    if "QS" in legal:
        return "QS"
    hearts = [card for card in legal if suit(card) == "H"]
    return max(hearts or legal, key=rank)


def main():
    """Answer the arena until it closes our stdin."""
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            answer = {"type": "ready", "protocol": 1, "name": "simple_bot", "version": "1"}
        elif kind == "pass":
            answer = {"id": message["id"], "cards": choose_pass(message["view"])}
        elif kind == "play":
            answer = {"id": message["id"], "card": choose_play(message["view"])}
        else:
            answer = {"error": f"unknown message type {kind!r}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
