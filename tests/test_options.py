"""The saved options file: defaults, damage, hand edits, and atomic saving."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import replace
from pathlib import Path

import pytest

from hearts.options import (
    ENV_VAR,
    TARGET_MAX,
    TARGET_MIN,
    Options,
    Speed,
    load_options,
    options_path,
    rules_refusal,
    save_options,
    target_refusal,
)
from hearts.rules import Passing, Rules, RuleSet, Scoring


def test_defaults_match_the_manual() -> None:
    options = Options()
    assert options.difficulty == 3
    assert options.rules() == Rules()
    assert options.speed is Speed.NORMAL
    assert (Speed.FAST.card_delay, Speed.NORMAL.trick_delay) == (0.25, 1.5)
    # N17: the cards received stay up long enough to read them at every speed
    assert [speed.received_delay for speed in Speed] == [2.5, 3.5, 4.5]


def test_env_var_names_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    assert options_path() == tmp_path / "options.json"
    assert options_path(tmp_path / "x") == tmp_path / "x" / "options.json"


def test_missing_file_gives_defaults_quietly(tmp_path: Path) -> None:
    assert load_options(tmp_path / "none.json") == (Options(), None)


@pytest.mark.parametrize("text", ["", "   ", "{not json", "\x00\x01", "[1, 2]", "42", "null"])
def test_empty_or_garbage_gives_defaults_and_a_notice(tmp_path: Path, text: str) -> None:
    path = tmp_path / "options.json"
    path.write_text(text)
    result = load_options(path)
    assert result.options == Options()
    assert result.notice
    assert path.read_text() == text  # not overwritten until the player saves


def test_undecodable_bytes(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_bytes(b"\xff\xfe\xfa")
    result = load_options(path)
    assert result.options == Options() and result.notice


def test_wrong_types_default_only_those_settings(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text(json.dumps({
        "difficulty": 9, "passing": "rotate", "scoring": 3, "jack_of_diamonds": "yes",
        "first_lead": True, "leading_hearts": 1, "first_trick": None, "target": True,
        "speed": "slow",
    }))
    result = load_options(path)
    assert result.options == Options(passing=Passing.ROTATE, first_lead=True,
                                     speed=Speed.SLOW)
    assert result.notice is not None
    for name in ("difficulty", "scoring", "jack of diamonds", "leading hearts",
                 "first trick", "target"):
        assert name in result.notice


def test_unknown_keys_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text(json.dumps({"difficulty": "expert", "colour": "blue", "version": 7}))
    assert load_options(path) == (Options(difficulty=5), None)


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    options = Options(difficulty=1, passing=Passing.ROTATE, scoring=Scoring.CLASSIC,
                      jack_of_diamonds=True, first_lead=True, leading_hearts=True,
                      first_trick=True, target=50, speed=Speed.FAST)
    path = tmp_path / "deep" / "folder" / "options.json"
    save_options(options, path)
    assert load_options(path) == (options, None)
    assert [p.name for p in path.parent.iterdir()] == ["options.json"]  # no temp left


def test_save_replaces_atomically(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "options.json"
    save_options(Options(target=200), path)

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_options(Options(target=50), path)
    monkeypatch.undo()
    assert load_options(path).options == Options(target=200)
    assert [p.name for p in tmp_path.iterdir()] == ["options.json"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs a non-root POSIX user for permissions to bite")
def test_read_only_directory(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    save_options(Options(difficulty=5), path)
    tmp_path.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        assert load_options(path) == (Options(difficulty=5), None)
        with pytest.raises(OSError):
            save_options(Options(difficulty=1), path)
        assert load_options(path).options == Options(difficulty=5)
    finally:
        tmp_path.chmod(stat.S_IRWXU)


def test_config_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    path = blocker / "options.json"
    assert load_options(path) == (Options(), None) or load_options(path).notice
    with pytest.raises(OSError):
        save_options(Options(), path)


async def test_game_starts_and_survives_a_failed_save(tmp_path: Path) -> None:
    from hearts.tui.app import HeartsApp
    from hearts.tui.table import TableScreen
    from tests.tui.helpers import wait_for_prompt

    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    app = HeartsApp(seed=1, config_dir=blocker, delay_scale=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o", "8", "2", "0", "0", "s")
        assert isinstance(app.screen, TableScreen)
        assert (await wait_for_prompt(pilot, "Could not save")).startswith("Could not save")
        assert app.table.rules.target == 200  # kept for this session


def test_engine_does_not_import_textual() -> None:
    import subprocess
    import sys

    code = ("import sys, hearts, hearts.options, hearts.ai; "
            "assert 'textual' not in sys.modules, 'textual imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_forced_cards_is_off_by_default_and_saved(tmp_path: Path) -> None:
    assert not Options().forced_cards
    path = tmp_path / "options.json"
    save_options(Options(forced_cards=True), path)
    assert json.loads(path.read_text())["forced_cards"] is True
    assert load_options(path).options.forced_cards
    path.write_text('{"target": 50}')  # a file from before the option
    assert load_options(path) == (Options(target=50), None)


def test_notices_keep_the_file_name_and_stay_short(tmp_path: Path) -> None:
    from hearts.paths import short_path

    deep = tmp_path.joinpath(*["folder-with-a-long-name"] * 6) / "options.json"
    deep.parent.mkdir(parents=True)
    deep.write_bytes(b"\xff")
    notice = load_options(deep).notice
    assert notice is not None and "options.json" in notice and len(notice) < 130
    assert short_path(Path.home() / "x" / "options.json") == "~/x/options.json"
    assert short_path(Path("/a/options.json")) == "/a/options.json"


@pytest.mark.parametrize("content", [b"\xff not text", b"{ damaged", b'{"target": 5000}'])
def test_saving_over_an_unreadable_file_keeps_it_aside(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "options.json"
    path.write_bytes(content)
    assert load_options(path).notice is not None
    aside = save_options(Options(target=50), path)
    assert aside is not None and aside.parent == tmp_path
    assert aside.name.startswith("options.json.") and aside.name.endswith(".broken")
    assert aside.read_bytes() == content
    assert load_options(path) == (Options(target=50), None)
    assert save_options(Options(target=200), path) is None  # a sound file is just replaced
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["options.json", aside.name])


V010_FILE = """{
  "difficulty": "strong",
  "passing": "rotate",
  "scoring": "classic",
  "jack_of_diamonds": true,
  "first_lead": false,
  "leading_hearts": true,
  "first_trick": false,
  "target": 200,
  "speed": "fast"
}
"""
"""An options file as v0.1.0 wrote it (before forced cards)."""


def test_an_options_file_from_v010_loads_as_it_did(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text(V010_FILE)
    options = Options(difficulty=4, passing=Passing.ROTATE, scoring=Scoring.CLASSIC,
                      jack_of_diamonds=True, leading_hearts=True, target=200,
                      speed=Speed.FAST)
    assert load_options(path) == (options, None)
    assert options.rules() == Rules(scoring=Scoring.CLASSIC, jack_of_diamonds=True,
                                    leading_hearts=True, passing=Passing.ROTATE, target=200)
    save_options(options, path)
    assert path.read_text() == V010_FILE.replace(
        '"fast"\n', '"fast",\n  "forced_cards": false,\n  "review_each_hand": false\n'
    ).replace('"rotate",\n', '"rotate",\n  "pass_queen": false,\n')


def test_the_file_holds_every_setting_in_page_order(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    save_options(Options(first_trick=True, target=50, forced_cards=True,
                         review_each_hand=True), path)
    assert path.read_text() == (
        '{\n  "difficulty": "club",\n  "passing": "left",\n  "pass_queen": false,\n'
        '  "scoring": "house",\n'
        '  "jack_of_diamonds": false,\n  "first_lead": false,\n  "leading_hearts": false,\n'
        '  "first_trick": true,\n  "target": 50,\n  "speed": "normal",\n'
        '  "forced_cards": true,\n  "review_each_hand": true\n}\n')


def test_a_notice_names_the_unread_settings_in_page_order(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text(json.dumps({"forced_cards": 1, "target": 7, "scoring": "fancy",
                                "difficulty": "grandmaster", "passing": None}))
    result = load_options(path)
    assert result.options == Options()
    assert result.notice == ("Some saved options could not be read (difficulty, passing, "
                             "scoring, target, forced cards) - defaults used for those")


def test_the_options_hold_the_rules_fields_once_and_check_them() -> None:
    import dataclasses

    from hearts.rules import RuleSettings

    rule_names = [f.name for f in dataclasses.fields(RuleSettings)]
    assert [f.name for f in dataclasses.fields(Rules)] == rule_names
    assert [f.name for f in dataclasses.fields(Options)] == [
        *rule_names, "difficulty", "speed", "forced_cards", "review_each_hand"]
    assert "pass_queen" in rule_names
    assert Options(target=200, first_lead=True).rules() == Rules(target=200, first_lead=True)
    assert not isinstance(Options(), Rules)  # never mistaken for the engine's rules
    with pytest.raises(ValueError, match="target"):
        Options(target=0)
    with pytest.raises(ValueError, match="first_trick"):
        Options(first_trick="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="difficulty must be 1 to 5, not 6"):
        Options(difficulty=6)


def test_a_saved_target_may_be_any_the_game_takes(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    for target in (TARGET_MIN, 50, 75, 100, 200, 350, TARGET_MAX):
        path.write_text(json.dumps({"target": target}))
        assert load_options(path) == (Options(target=target), None)
    for wrong in (TARGET_MIN - 1, TARGET_MAX + 1, 0, -50, 100.0, "100", True):
        path.write_text(json.dumps({"target": wrong}))
        result = load_options(path)
        assert result.options == Options() and result.notice is not None
        assert "target" in result.notice


def test_the_bounds_of_the_target_are_said_clearly() -> None:
    assert (TARGET_MIN, TARGET_MAX) == (10, 1000)
    assert target_refusal(10) is None and target_refusal(1000) is None
    assert target_refusal(9) == "The game can end at 10 to 1000 points, not 9"
    assert target_refusal(5000) == "The game can end at 10 to 1000 points, not 5000"
    assert target_refusal(None) == "The game can end at 10 to 1000 points"
    assert rules_refusal(Rules(target=1)) == target_refusal(1)
    assert rules_refusal(Rules()) is None


def test_the_options_page_cycles_every_setting_but_the_target() -> None:
    from hearts.tui.options_page import SETTINGS, cycle, describe

    number = next(n for n, s in enumerate(SETTINGS, start=1) if s.field == "target")
    assert cycle(Options(target=75), number) == Options(target=75)  # typed, not cycled
    assert "8  Game ends at       100 points" in describe(Options())
    scoring = next(n for n, s in enumerate(SETTINGS, start=1) if s.field == "scoring")
    assert cycle(Options(), scoring).rules() == Rules(scoring=Scoring.CLASSIC)
    passing = next(n for n, s in enumerate(SETTINGS, start=1) if s.field == "passing")
    assert [cycle(Options(), passing, step).passing for step in (1, -1)] == [
        Passing.ROTATE, Passing.ROTATE_HOLD]


def test_the_rule_set_of_the_options() -> None:
    from hearts.tui.options_page import cycle_rule_set, describe_rule_set

    options = Options(difficulty=5, target=50, speed=Speed.FAST)
    assert options.rule_set is RuleSet.ORIGINAL
    classic = cycle_rule_set(options)
    assert classic.rule_set is RuleSet.CLASSIC and classic.rules() == RuleSet.CLASSIC.rules(50)
    assert (classic.difficulty, classic.speed) == (5, Speed.FAST)  # only the rules change
    assert cycle_rule_set(classic).rule_set is RuleSet.OMNIBUS
    assert cycle_rule_set(cycle_rule_set(classic)).rule_set is RuleSet.ORIGINAL
    assert cycle_rule_set(options, -1).rule_set is RuleSet.OMNIBUS
    custom = replace(classic, passing=Passing.LEFT)
    assert custom.rule_set is None
    assert describe_rule_set(custom) == "r  Rules              Custom: as set below"
    assert describe_rule_set(classic) == "r  Rules              Classic: as in Windows Hearts"
    assert cycle_rule_set(custom).rule_set is RuleSet.ORIGINAL
    assert cycle_rule_set(custom, -1).rule_set is RuleSet.OMNIBUS
    assert Options().with_rules(RuleSet.OMNIBUS.rules(300)) == replace(
        RuleSet.OMNIBUS.apply(Options()), target=300)


def test_options_saved_before_the_queen_could_be_passed_read_as_they_were(
        tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    # a Classic saved before the rule: everything kept, the queen not passed, as then
    before = {**RuleSet.CLASSIC.apply(Options()).to_json()}
    del before["pass_queen"]
    path.write_text(json.dumps(before))
    loaded = load_options(path)
    assert loaded.notice is None
    assert loaded.options == replace(RuleSet.CLASSIC.apply(Options()), pass_queen=False)
    assert loaded.options.rule_set is None  # Custom: Classic now passes the queen
    save_options(RuleSet.CLASSIC.apply(Options()), path)
    assert json.loads(path.read_text())["pass_queen"] is True
    assert load_options(path).options.rule_set is RuleSet.CLASSIC
    path.write_text(json.dumps({"pass_queen": "sometimes"}))
    result = load_options(path)
    assert result.options == Options() and result.notice is not None
    assert "pass queen" in result.notice


def test_options_saved_before_the_hold_hand_read_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text(json.dumps({"passing": "rotate", "target": 200}))
    assert load_options(path) == (Options(passing=Passing.ROTATE, target=200), None)
    save_options(RuleSet.CLASSIC.apply(Options()), path)
    assert json.loads(path.read_text())["passing"] == "rotate-hold"
    assert load_options(path).options.rule_set is RuleSet.CLASSIC


def test_a_file_that_is_not_an_object_says_so_in_one_sentence(tmp_path: Path) -> None:
    path = tmp_path / "options.json"
    path.write_text("[1, 2, 3]")
    result = load_options(path)
    assert result.options == Options()
    assert result.notice is not None
    assert result.notice.endswith(": it holds no options - using defaults")
    assert "whole file" not in result.notice and "for those" not in result.notice


def test_review_each_hand_is_off_by_default_saved_and_checked(tmp_path: Path) -> None:
    assert not Options().review_each_hand
    path = tmp_path / "options.json"
    save_options(Options(review_each_hand=True), path)
    assert load_options(path).options.review_each_hand
    path.write_text(json.dumps({"review_each_hand": "yes"}))
    result = load_options(path)
    assert not result.options.review_each_hand
    assert result.notice is not None and "review each hand" in result.notice
