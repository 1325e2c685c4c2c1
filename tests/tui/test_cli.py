"""The command line: options, levels, --help and the ASCII fallback."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearts.ai import Level
from hearts.options import Options, Speed, load_options, options_path, save_options
from hearts.rules import Rules, RuleSet
from hearts.tui import cli
from hearts.tui.app import HeartsApp


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
    for word in ("--new", "--seed", "--ascii", "--level", "--rules", "classic",
                 "rotate-hold", "HEARTS_CONFIG_DIR", "HEARTS_DATA_DIR", "hearts stats",
                 "hearts host", "hearts join ADDRESS"):
        assert word in text
    # --serve is the web table now; the terminal in a browser is --terminal's
    flat = " ".join(text.split())
    assert "play at the web table" in flat and "--serve --terminal draws the terminal" in flat
    assert "every tab is a game of its own" not in flat


def test_the_docs_describe_serve_as_the_web_table() -> None:
    root = Path(__file__).resolve().parents[2]
    for name in ("README.md", "docs/playing.md"):
        flat = " ".join((root / name).read_text(encoding="utf-8").split())
        assert "every tab is a game of its own" not in flat, name
        assert "web table" in flat, name
    playing = " ".join((root / "docs/playing.md").read_text(encoding="utf-8").split())
    assert "`?fontsize=N`" not in playing and "Settings" in playing


def test_ascii_for_non_utf8_locales() -> None:
    assert not cli.wants_ascii("UTF-8")
    assert not cli.wants_ascii("utf8")
    assert cli.wants_ascii("ANSI_X3.4-1968")
    assert cli.wants_ascii("latin-1")
    assert cli.wants_ascii(None)
    assert cli.wants_ascii("no-such-codec")


def test_rules_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = cli.parse_args(["--rules", "classic"])
    assert args.rules == "classic"
    assert cli.game_args(args) == ["--unicode", "--rules", "classic"]  # each --serve tab
    assert cli.parse_args([]).rules is None
    for words, message in (("classic,5000", "The game can end at 10 to 1000 points, not 5000"),
                           ("classic,house", "unknown rule 'house' (the scoring is "
                                             "house-scoring)")):
        with pytest.raises(SystemExit):
            cli.parse_args(["--rules", words])
        assert message in capsys.readouterr().err


def test_the_rules_of_the_command_line_change_the_saved_ones(tmp_path: Path) -> None:
    save_options(Options(target=50, jack_of_diamonds=True, speed=Speed.FAST),
                 options_path(tmp_path))
    app = HeartsApp(seed=1, config_dir=tmp_path, data_dir=tmp_path, delay_scale=0,
                    rules="classic")
    assert app.options == RuleSet.CLASSIC.apply(Options(target=50, speed=Speed.FAST))
    assert app.table.match.rules == RuleSet.CLASSIC.rules(50)
    app.store.close()
    app = HeartsApp(seed=1, config_dir=tmp_path, data_dir=tmp_path, delay_scale=0,
                    rules="left,200")
    assert app.options.rules() == Rules(jack_of_diamonds=True, target=200)
    app.store.close()
    assert load_options(options_path(tmp_path)).options.target == 50  # not saved
