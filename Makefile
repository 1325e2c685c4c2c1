# Two commands for a fresh clone: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play serve test test-browser lint typecheck bench ladder clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $@

play: $(STAMP)
	$(BIN)/hearts

# Play in a web browser: prints the address to open (this machine only).
serve: $(STAMP)
	$(BIN)/hearts --serve

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests

typecheck: $(TEST_STAMP)
	$(BIN)/mypy --strict src/hearts

test: lint typecheck
	$(BIN)/python -m pytest -n auto -q

# The game played in headless Chromium, alone (needs Debian's chromium package;
# without it the test is skipped and says how to install it).
test-browser: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m browser

bench: $(STAMP)
	$(BIN)/python -m hearts.bench engine
	$(BIN)/python -m hearts.bench ai

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
