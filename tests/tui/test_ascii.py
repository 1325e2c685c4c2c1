"""ASCII for terminals that cannot show Unicode: the choice, and every page drawn in it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts.tui import cli
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.help import HelpScreen
from hearts.tui.options_page import OptionsScreen

from .helpers import (
    NOT_SAVING,
    SIZE,
    deal_and_pass,
    deal_and_play,
    make_app,
    play_out_hand_by_keys,
    screen_text,
)


def _is_ascii(text: str) -> bool:
    return all(ord(char) < 128 for char in text)


def test_a_latin1_stream_asks_for_ascii() -> None:
    args = cli.parse_args([])
    utf8 = {"LANG": "C.UTF-8"}
    assert cli.use_ascii(args, ["utf-8", "latin-1"], utf8, utf8_mode=False)
    assert not cli.use_ascii(args, ["utf-8", "utf-8"], utf8, utf8_mode=False)
    assert not cli.use_ascii(cli.parse_args(["--unicode"]), ["latin-1"], utf8, False)
    assert cli.use_ascii(cli.parse_args(["--ascii"]), ["utf-8"], utf8, False)


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "C.UTF-8"}, False),
    ({"LANG": "en_GB.UTF-8", "PYTHONIOENCODING": "latin-1"}, True),
    ({"LANG": "C"}, True),
    ({"LC_ALL": "C", "LANG": "en_GB.UTF-8"}, True),
    ({"LANG": "POSIX"}, True),
])
def test_the_locale_decides_in_a_real_interpreter(env: dict[str, str], expected: bool) -> None:
    """Under LANG=C Python runs in UTF-8 mode: the choice must still be ASCII."""
    script = ("import os, sys; from hearts.tui import cli; "
              "print(cli.use_ascii(cli.parse_args([]), [sys.stdout.encoding, "
              "sys.stderr.encoding], os.environ, bool(sys.flags.utf8_mode)))")
    clean = {k: v for k, v in os.environ.items()
             if not k.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))}
    out = subprocess.run([sys.executable, "-c", script], env={**clean, **env},
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(expected)


def test_locale_rules() -> None:
    assert cli.locale_is_ascii({"LANG": "C"}, utf8_mode=True)
    assert cli.locale_is_ascii({"LC_CTYPE": "C.UTF-8", "LANG": "C"}, utf8_mode=True)
    assert cli.locale_is_ascii({"LANG": "en_US.ISO-8859-1"}, utf8_mode=False)
    assert cli.locale_is_ascii({}, utf8_mode=False)
    assert not cli.locale_is_ascii({"LANG": "en_US.utf8"}, utf8_mode=False)
    assert not cli.locale_is_ascii({"PYTHONUTF8": "1", "LANG": "C.UTF-8"}, utf8_mode=True)


def test_help_documents_ascii_and_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    text = capsys.readouterr().out
    assert "--ascii" in text and "--unicode" in text and "LANG=C" in text


@pytest.mark.slow  # drives the game through Textual's pilot
async def test_ascii_mode_draws_nothing_but_ascii(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True, data_dir=NOT_SAVING)
    async with app.run_test(size=SIZE) as pilot:
        assert _is_ascii(screen_text(app))
        await deal_and_play(pilot)
        screens = {"table": screen_text(app)}
        await pilot.press("l")
        screens["last trick"] = screen_text(app)
        await pilot.press("z", "r")
        screens["score sheet"] = screen_text(app)
        await pilot.press("r", "escape", "h")
        assert isinstance(app.screen, HelpScreen)
        screens["help (with its scrollbar)"] = screen_text(app)
        await pilot.press("escape", "x")
        assert isinstance(app.screen, ConfirmScreen)
        screens["quit question"] = screen_text(app)
        await pilot.press("n")
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        screens["too small"] = screen_text(app)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("ctrl+c")
        screens["ctrl+c"] = screen_text(app)
        for name, text in screens.items():
            assert _is_ascii(text), name


@pytest.mark.slow  # drives the game through Textual's pilot
async def test_ascii_options_page(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("o")
        assert isinstance(app.screen, OptionsScreen)
        assert _is_ascii(screen_text(app))


@pytest.mark.slow  # drives the game through Textual's pilot
async def test_the_statistics_page_is_ascii_too(tmp_path: Path) -> None:
    app = make_app(tmp_path, ascii_only=True)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("t")
        text = screen_text(app)
        assert "Matches played" in text and "Queen of spades" in text
        assert _is_ascii(text), [c for c in text if ord(c) > 127][:5]

