"""The version is written once, in pyproject.toml, and the package reports it."""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import hearts
from hearts import distribution

ROOT = Path(__file__).resolve().parent.parent


def _project() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        project: dict[str, object] = tomllib.load(file)["project"]
    return project


def test_the_installed_version_is_the_one_in_pyproject() -> None:
    project = _project()
    assert project["name"] == distribution.DISTRIBUTION
    assert hearts.__version__ == project["version"] == metadata.version("terminal-hearts")


def test_a_source_tree_that_is_not_installed_says_so(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> str:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", missing)
    assert distribution.version(ROOT / "pyproject.toml") == f"{_project()['version']}+source"
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "hearts"\nversion = "0.1.0"\n')
    assert distribution.version(other) == distribution.UNKNOWN
    assert distribution.version(tmp_path / "nothing.toml") == distribution.UNKNOWN


def test_only_the_version_is_looked_up_lazily() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        hearts.nothing  # noqa: B018


def test_the_changelog_has_the_release() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## [{_project()['version']}] - " in changelog
    assert "## [0.1.0] - " in changelog and "Unreleased" not in changelog
