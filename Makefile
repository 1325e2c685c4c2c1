# Two commands for a fresh clone: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play serve test test-browser lint typecheck bench ladder baseline clean compile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[fast]'
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP) $@

# The playout's modules compiled with mypyc, about twice as fast; a no-op when
# this source is compiled already. If it fails the AI runs as pure Python.
compile: $(STAMP)
	-$(BIN)/python -m hearts.compile

play: compile
	$(BIN)/hearts

# Play in a web browser: prints the address to open (this machine only).
serve: compile
	$(BIN)/hearts --serve

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests

typecheck: $(TEST_STAMP)
	$(BIN)/mypy --strict src/hearts

# HEARTS_EXPECT_COMPILED: a test fails if the compiled modules are not in use.
test: lint typecheck compile
	HEARTS_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n auto -q

# The game played in headless Chromium, alone (needs Debian's chromium package;
# without it the test is skipped and says how to install it).
test-browser: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -m browser

bench: compile
	$(BIN)/python -m hearts.bench engine
	$(BIN)/python -m hearts.bench ai
	$(BIN)/python -m hearts.bench store

# The v0.1.0 release in .baseline/, for measuring against: it lives in the lab
# (lab/Makefile, with the adapter lab/tools/baseline_bot.py).
BASELINE := .baseline
baseline:
	$(MAKE) -C lab baseline

clean:
	rm -rf $(VENV) $(BASELINE) .pytest_cache .mypy_cache .ruff_cache
