"""The table server and its client, in folders by job.

- :mod:`hearts.net.wire`: the messages both ways, their error codes, join codes
  and seat tokens, and a client's connection;
- :mod:`hearts.net.admission`: who may come in and what one client may cost the
  others (limits, names, watchers, a proxy's forwarded address, page budgets,
  the seat's cookie);
- :mod:`hearts.net.tables`: the tables a server holds (a network table, what
  each seat was sent, the outboxes, the saves, reviews, the computer players'
  share, a creator's commands, the clock);
- :mod:`hearts.net.host`: ``hearts host`` and ``hearts join`` on the command
  line, the host's terminal, workers behind HAProxy.

At the top: the server (:mod:`~hearts.net.server`), one connection's life
(:mod:`~hearts.net.session`) and the measuring commands (``python -m
hearts.net.bench``, ``python -m hearts.net.thinkbench``) with their scripted
people.
"""
