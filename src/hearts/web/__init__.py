"""The web table: a client of the table server's messages in plain HTML, CSS and
JavaScript (``static/``), served by the table server itself under
``/t/TABLE/`` (:mod:`hearts.web.pages`), for people with a phone, a tablet, a
screen reader or only a browser. ``hearts --serve`` plays the single-player
game with the same client (:mod:`hearts.web.solo`).

Nothing here imports Textual.
"""
