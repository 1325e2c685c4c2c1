"""The tables a server holds: each network table, what each seat was sent,
the outboxes, the saves, reviews, the computer players' share and the clock."""
