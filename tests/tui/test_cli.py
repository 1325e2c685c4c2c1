"""The command line: options, levels, --help and the ASCII fallback."""

from __future__ import annotations

import pytest

from hearts.ai import Level
from hearts.tui import cli


def test_parse_args() -> None:
    args = cli.parse_args(["--seed", "12", "--ascii", "--level", "Expert"])
    assert (args.seed, args.ascii, args.level) == (12, True, Level.EXPERT)
    assert cli.parse_args([]).level is None


def test_bad_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--level", "grandmaster"])
    assert "beginner" in capsys.readouterr().err


def test_help_describes_everything(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    for word in ("--new", "--seed", "--ascii", "--level", "HEARTS_CONFIG_DIR",
                 "HEARTS_DATA_DIR", "hearts stats", "hearts host", "hearts join ADDRESS"):
        assert word in text


def test_ascii_for_non_utf8_locales() -> None:
    assert not cli.wants_ascii("UTF-8")
    assert not cli.wants_ascii("utf8")
    assert cli.wants_ascii("ANSI_X3.4-1968")
    assert cli.wants_ascii("latin-1")
    assert cli.wants_ascii(None)
    assert cli.wants_ascii("no-such-codec")
