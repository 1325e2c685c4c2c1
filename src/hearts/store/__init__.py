"""What the game keeps: one SQLite file in the user's data folder.

It holds the match in progress (saved after every pass and every card), every
hand ever played (its full record, with columns for the statistics) and every
match (started, ended, level, rules, totals, winners, finished or abandoned,
assisted or not). Nothing here imports Textual.

The API the game uses::

    store = Store.open()            # never raises; store.notices says what went wrong
    saved = store.load()            # the saved match (SavedMatch) or None
    store.save(match, table_state)  # after every change; a notice if saving stops
    store.mark_assisted()           # the player had a hint or an undo in this match
    store.abandon()                 # the match in progress is left (--new, or `a`)
    statistics(store.connection)    # per level and in total (list of Figures)
    store.close()
"""

from hearts.store.schema import SCHEMA_VERSION
from hearts.store.stats import TOTAL, Figures, statistics
from hearts.store.store import ENV_VAR, FILE_NAME, SavedMatch, Store, database_path

__all__ = ["ENV_VAR", "FILE_NAME", "SCHEMA_VERSION", "TOTAL", "Figures", "SavedMatch",
           "Store", "database_path", "statistics"]
