"""The scripted people the tests and the benchmark seat: they play only on their
turn, one card a turn, and the table's count of cards adds up."""

from __future__ import annotations

import asyncio
from pathlib import Path

from hearts.net.scripted import REFUSING, Board, Scripted
from hearts.table import NoticeKind

from .helpers import running_server


async def test_four_scripted_people_play_a_hand_with_no_card_refused(tmp_path: Path) -> None:
    # A trick on show and then play going on are one turn for its winner: a
    # person who sent a card in each would have the second refused (not your turn).
    async with running_server(tmp_path) as (_server, url):
        board = Board()
        people = [Scripted(url, "code-1", name, deals=name == "Ann", hands=1, board=board)
                  for name in ("Ann", "Bob", "Cat", "Dan")]
        for person in people:
            person.start()
        await asyncio.wait_for(asyncio.gather(*(p.over.wait() for p in people)), 120)
        # A card still on its way is either seen by the others or refused: wait for it.
        for _ in range(100):
            if not board.sent:
                break
            await asyncio.sleep(0.1)
        refused = [n for p in people for n in p.notices() if n.kind in REFUSING]
        # One race is the network's, not the table's: a card sent while the trick was
        # on show can arrive after the table played out the rest of a hand whose
        # points were settled, and the hand is over by then (press Deal).
        late = [n for n in refused if n.kind is NoticeKind.PRESS_DEAL]
        played_out = any(n.kind is NoticeKind.PLAYED_OUT for n in people[0].notices())
        assert refused == late and (played_out or not late)
        # (the table may have played that very card for its seat: then the person
        # counts no card refused)
        assert set(board.refusals) <= {str(NoticeKind.PRESS_DEAL)}
        assert sum(board.refusals.values()) <= len(late)
        # every card of the hand timed from its sending, or played out by the table
        assert len(board.timed) + board.played_out == 52 and not board.sent
        view = people[0].state.view
        assert view is not None
        assert {t.card for t in board.timed} <= {str(c) for c in view.played}
