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


def test_write_atomically_replaces_whole_and_keeps_the_permissions(tmp_path: Path) -> None:
    import os
    import stat

    from hearts.paths import write_atomically

    path = tmp_path / "file.txt"
    write_atomically(path, ["one\n", "two\n"])
    assert path.read_text() == "one\ntwo\n"
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # as open() makes it
    path.chmod(0o640)
    write_atomically(path, ["three\n"])
    assert path.read_text() == "three\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    import pytest

    from hearts.paths import write_atomically

    path = tmp_path / "file.txt"
    path.write_text("old\n")

    def lines() -> list[str]:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        write_atomically(path, (line for line in lines()))
    assert path.read_text() == "old\n"
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def test_set_aside_keeps_every_copy_with_its_companions(tmp_path: Path) -> None:
    from hearts.paths import set_aside

    path = tmp_path / "hearts.db"
    names = []
    for text in ("first", "second"):
        path.write_text(text)
        Path(f"{path}-wal").write_text(text + " wal")
        aside = set_aside(path, companions=("-wal", "-shm"))
        assert aside.parent == tmp_path and aside.name.startswith("hearts.db.20")
        assert aside.name.endswith(".broken") and aside.read_text() == text
        assert Path(f"{aside}-wal").read_text() == text + " wal"
        assert not Path(f"{aside}-shm").exists()
        names.append(aside.name)
    assert not path.exists() and len(set(names)) == 2
    path.write_text("results")
    old = set_aside(path, "old")
    assert old.name.startswith("hearts.db.") and old.name.endswith(".old")
