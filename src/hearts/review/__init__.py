"""Looking back at a finished hand: its replay, step by step, and the Expert's
verdict on every decision of a seat (see :mod:`hearts.review.verdict`).

Nothing here imports Textual; the page that shows a review lives in ``hearts.tui``.
"""
