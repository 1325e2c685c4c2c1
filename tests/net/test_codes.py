"""Join codes and tokens on a command line: a value starting with "-" (the URL-safe
alphabet has it) must never be read as an option."""

from __future__ import annotations

import secrets
import shlex
from collections.abc import Iterator

import pytest

from hearts.net.host.cli import parse_join
from hearts.net.wire import codes


def test_a_fresh_secret_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: Iterator[str] = iter(["-fAVoU4XVJ_Jy", "-x", "fAVoU4XVJ_Jy"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda nbytes: next(drawn))
    assert codes.fresh_secret(12) == "fAVoU4XVJ_Jy"


def test_fresh_secrets_are_random_and_long_enough() -> None:
    made = {codes.fresh_secret(12) for _ in range(200)}
    assert len(made) == 200
    assert all(len(code) == 16 and not code.startswith("-") for code in made)


@pytest.mark.parametrize("code, token", [("-fAVoU4XVJ_JyrZm", "-Xy_9abcdefgh"),
                                         ("abc-def", "tok_12345678"), ("plain", None)])
def test_the_join_line_reads_back_as_it_was_written(code: str, token: str | None) -> None:
    line = codes.join_command("127.0.0.1:4000", code, token)
    words = shlex.split(line)
    assert words[:2] == ["hearts", "join"]
    args = parse_join(words[2:])
    assert (args.address, args.code) == ("127.0.0.1:4000", code)
    if token is not None:
        assert args.token == token
    if not code.startswith("-"):
        assert f"--code {code}" in line
