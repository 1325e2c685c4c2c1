"""Names are checked where they arrive: plain text only, of a sensible length."""

from __future__ import annotations

import pytest

from hearts.net.names import MAX_NAME, BadName, check_name, name_key


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
