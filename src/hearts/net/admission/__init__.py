"""Who may come into the table server, and what one client may cost the
others: limits, names, watchers, page budgets, a proxy's forwarded address and
the seat's cookie."""
