"""Notices name files briefly enough to read whole at 80 columns."""

from __future__ import annotations

from pathlib import Path

from hearts.options import load_options
from hearts.paths import short_path


def test_home_becomes_a_tilde() -> None:
    assert short_path(Path.home() / ".local" / "share" / "hearts" / "hearts.db") == \
        "~/.local/share/hearts/hearts.db"
    assert short_path("/srv/h/hearts.db") == "/srv/h/hearts.db"


def test_a_long_path_keeps_its_folder_and_name() -> None:
    long = Path("/very") / ("deep" * 20) / "inside" / "hearts.db"
    assert short_path(long) == ".../inside/hearts.db"
    assert short_path("/" + "x" * 60 + ".db") == "..." + "/" + "x" * 60 + ".db"


def test_options_notices_fit_a_line(tmp_path: Path) -> None:
    folder = tmp_path / ("long-folder-name-" * 6)
    folder.mkdir()
    path = folder / "options.json"
    path.write_text("{ not json")
    notice = load_options(path).notice
    assert notice is not None and "options.json" in notice and len(notice) <= 80
    path.unlink()
    path.mkdir()  # a folder where the file should be: it cannot be read
    notice = load_options(path).notice
    assert notice is not None and "options.json" in notice and len(notice) <= 80
