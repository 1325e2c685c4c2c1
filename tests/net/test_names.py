"""Names are checked where they arrive: plain text only, of a sensible length."""

from __future__ import annotations

import pytest

from hearts.net.wire.names import MAX_NAME, BadName, check_name, name_key


def test_spaces_are_tidied() -> None:
    assert check_name("  Ann \u00a0 Lee ") == "Ann Lee"
    assert check_name("Zoë") == "Zoë"


@pytest.mark.parametrize("text", [
    "\u202eevE\u202c\x07\x00",  # reversed on screen, a bell, a NUL
    "Bea\x1b]0;owned\x07",  # an escape that retitles the window
    "Cat\x1b]52;c;aGk=\x07",  # one that fills the clipboard
    "Dan\u200d",  # a zero-width joiner
    "Eve\tTab", "Line\nBreak",
])
def test_control_and_formatting_characters_are_refused(text: str) -> None:
    with pytest.raises(BadName, match="control or formatting"):
        check_name(text)


@pytest.mark.parametrize(("text", "reason"), [
    ("", "letter or digit"), ("   ", "letter or digit"), ("!!!", "letter or digit"),
    ("x" * (MAX_NAME + 1), f"at most {MAX_NAME}"),
])
def test_empty_or_long_names_are_refused(text: str, reason: str) -> None:
    with pytest.raises(BadName, match=reason):
        check_name(text)


def test_names_differing_in_case_or_width_are_the_same_name() -> None:
    assert name_key("ANN") == name_key("ann")
    assert name_key("\uff21nn") == name_key("Ann")  # a full-width A
    assert name_key("Ann") != name_key("Anne")


@pytest.mark.parametrize("text", [
    "\u3164",  # a Hangul filler: a "letter" drawn as nothing
    "\u3164 \u3164", "\u115f\u1160", "\uffa0", "\u2800\u2800",  # more fillers, a Braille blank
])
def test_names_that_show_nothing_are_refused(text: str) -> None:
    with pytest.raises(BadName, match="letter or digit that shows"):
        check_name(text)


def test_marks_piled_on_one_letter_are_refused() -> None:
    with pytest.raises(BadName, match="at most 2 accents or marks on one letter"):
        check_name("Z" + "\u0301" * 23 + "oe")
    with pytest.raises(BadName, match="marks on one letter"):
        check_name("Ann" + "\u0336\u0337\u0338")
    # a language's own accents pass: two marks on a letter, one on each of many
    assert check_name("Nguy\u1ec5n") == "Nguy\u1ec5n"
    assert check_name("e\u0302\u0301") == "e\u0302\u0301"
    assert check_name("a\u0301e\u0301i\u0301") == "a\u0301e\u0301i\u0301"
