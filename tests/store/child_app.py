"""The real game, headless, playing South by itself: a child process for the kill
test. It prints ``start R`` (R: whether it resumed), ``saved S H P C`` after every
save that reached the file (the match's seed, hands dealt, passes made, cards
played in the current hand), and ``over`` once it has finished MATCHES matches.

Run: python child_app.py DATA_DIR CONFIG_DIR MATCHES
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Mapping
from typing import Any

from hearts import Match, Seat
from hearts.store.store import Store
from hearts.table import Stage
from hearts.table import events as ev
from hearts.tui.app import USER, HeartsApp


def progress(match: Match) -> str:
    hand = match.hand
    assert hand is not None
    passes = sum(bool(hand.passed(seat)) for seat in Seat)
    return f"{match.seed} {len(match.hands)} {passes} {len(hand.plays)}"


def report_saves() -> None:
    original = Store.save

    def save(self: Store, match: Match, table: Mapping[str, Any], seat: Seat = Seat.SOUTH,
             assisted: bool = False) -> str | None:
        notice = original(self, match, table, seat, assisted)
        if self.saving and match.hand is not None:
            print("saved", progress(match), flush=True)
        return notice

    Store.save = save  # type: ignore[method-assign]


async def play(data_dir: str, config_dir: str, matches: int) -> None:
    app = HeartsApp(seed=5, config_dir=config_dir, data_dir=data_dir, delay_scale=0)
    async with app.run_test(size=(80, 24)) as pilot:
        print("start", app.resumed, flush=True)
        while True:
            await pilot.pause()
            state = app.seat_view.state
            table = app.table
            if state.stage is Stage.IDLE:
                if state.match_over and table.games + 1 >= matches:
                    print("over", flush=True)
                    return
                app.send(ev.Deal(USER))
            elif state.stage is Stage.PASSING and not table.passed(USER):
                for card in [c for c in state.cards if str(c) != "QS"][:3]:
                    if card not in app.seat_view.choice:
                        app.use(card)
                app.pass_chosen()
            elif state.stage is Stage.RECEIVED:
                app.send(ev.Continue(USER))
            elif state.to_play:
                hand = table.hand
                assert hand is not None
                app.send(ev.Play(USER, hand.legal_plays()[0]))

if __name__ == "__main__":
    report_saves()
    asyncio.run(play(sys.argv[1], sys.argv[2], int(sys.argv[3])))
