# Two commands for a fresh clone: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
# The exact versions the tests are run with (the package itself states ranges).
CONSTRAINTS := -c constraints.txt

.PHONY: play serve test test-fast test-browser lint typecheck schema jscheck bench ladder baseline clean \
	compile wheel

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The build requirements (setuptools and mypy, read from pyproject.toml) go into
# the venv, and the editable install is made without compiling: `make compile`
# compiles the playout's modules in place, keeping build/ to rebuild only what changed.
$(STAMP): pyproject.toml setup.py constraints.txt | $(BIN)/python
	$(BIN)/python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", \
		"rb"))["build-system"]["requires"]))' > $(VENV)/build-requires.txt
	$(BIN)/python -m pip install --quiet $(CONSTRAINTS) -r $(VENV)/build-requires.txt
	@# Before 0.2.0 the distribution was called hearts and compiled into the venv.
	$(BIN)/python -m pip uninstall --quiet --yes hearts 2>/dev/null || true
	rm -rf $(VENV)/hearts-speedups
	HEARTS_PURE_BUILD=1 $(BIN)/python -m pip install --quiet $(CONSTRAINTS) \
		--no-build-isolation -e .
	touch $@

$(TEST_STAMP): $(STAMP)
	HEARTS_PURE_BUILD=1 $(BIN)/python -m pip install --quiet $(CONSTRAINTS) \
		--no-build-isolation -e '.[test]'
	touch $@

# The playout's modules compiled with mypyc beside their source, about twice as
# fast; run again only when the source they are built from changed. If it fails
# the AI runs as pure Python (python -m hearts.compile says which is in use).
COMPILED_FROM := $(wildcard src/hearts/*.py src/hearts/ai/*.py)
DIGEST := src/hearts/speedups.digest
compile: $(DIGEST)

$(DIGEST): $(COMPILED_FROM) setup.py | $(STAMP)
	-$(BIN)/python setup.py --quiet build_ext --inplace
	@$(BIN)/python -m hearts.compile

play: compile
	$(BIN)/hearts

# Play in a web browser: prints the address to open (this machine only).
serve: compile
	$(BIN)/hearts --serve

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests setup.py

typecheck: $(TEST_STAMP)
	$(BIN)/mypy --strict src/hearts tests

# The parts of docs/schema/ written from the code (happening.json, from each
# happening's form); the tests fail while they differ from what it writes.
schema: $(STAMP)
	$(BIN)/python -m hearts.net.wire.schema docs/schema

# axe-core, which the browser tests run inside Chromium, from npm (the exact
# version in tests/browser/package-lock.json).
AXE := tests/browser/node_modules/axe-core/axe.min.js
$(AXE): tests/browser/package.json tests/browser/package-lock.json
	npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error
	touch $@

# TypeScript's checker, from npm (the exact version in package-lock.json), over the
# web client's modules typed with JSDoc (tsconfig.json: strict, nothing emitted).
TSC := node_modules/.bin/tsc
$(TSC): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

jscheck: $(TSC)
	$(TSC) -p tsconfig.json

# HEARTS_EXPECT_COMPILED: a test fails if the compiled modules are not in use.
test: lint typecheck jscheck compile $(AXE)
	$(BIN)/python -m pip check
	HEARTS_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n auto -q

# Everything but the tests marked slow (the fuzz, processes, the browser, the wheel).
test-fast: compile $(TEST_STAMP)
	HEARTS_EXPECT_COMPILED=1 $(BIN)/python -m pytest -n auto -q -m "not slow"

# The game played in headless Chromium, alone (needs Debian's chromium package;
# without it the test is skipped and says how to install it).
test-browser: $(TEST_STAMP) $(AXE)
	$(BIN)/python -m pytest -q -m browser

# The wheel (compiled where a C compiler is at hand) in dist/; HEARTS_PURE_BUILD=1
# makes a pure-Python one.
wheel: $(STAMP)
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .

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
	rm -rf $(VENV) $(BASELINE) .pytest_cache .mypy_cache .ruff_cache build dist $(DIGEST) \
		tests/browser/node_modules node_modules
	find src -name '*.so' -delete
