# The two commands of the README: `make run` and `make test`.
# `make run` installs only what running needs; `make test` adds the test tools (pytest, ruff,
# mypy, Playwright, Selenium) and the system packages the tests use (Chromium, WebKitWebDriver and
# Xvfb, Mosquitto, a Japanese font).
VENV ?= .venv
# The suite's worker processes (pytest-xdist): three on CI's 2-core machine, since the browser and
# whole-game tests wait (for a page, a broker, a delay) as much as they compute, and a third
# worker fills the other two's waits (a fresh clone's `make test` took 9 min 47 s and 10 min
# 07 s with three, 10 min 39 s and 11 min 09 s with two). `make test PYTEST_WORKERS=2` runs two;
# `PYTEST_WORKERS=0` runs it in one process. Each file's tests run on one worker (`loadfile`), so
# a module's fixture (a whole recorded game, a hub with its tables) is made once, not once a
# worker.
PYTEST_WORKERS ?= 3
# The fast tier (`make check`) waits for nothing (no page, no broker): it computes, so one worker
# a core (a fresh clone's `make check` pytest took 82.9 s and 152 s of CPU on two, 84.3 s and 164
# s on three).
CHECK_WORKERS ?= 2
dist = -n $(1) --dist loadfile --no-loadscope-reorder
# The suite's Python writes its bytecode, and pytest each test file with its assertions rewritten,
# into __pycache__/ beside the source (ignored by git) even where the shell sets
# PYTHONDONTWRITEBYTECODE: compiling the 450 test files is 6 s of each worker's 9 s of collecting,
# and a run after the first then reads them.
SUITE := PYTHONDONTWRITEBYTECODE= $(VENV)/bin/python -m pytest
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed

.PHONY: run test check compiled screenshots lint bench clean

$(PY):
	@echo "==> creating $(VENV)"
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(RUN_STAMP): pyproject.toml | $(PY)
	@bash setup/dev_system_packages.sh run
	@echo "==> installing the companion into $(VENV) (first time: a minute or two)"
	$(PY) -m pip install --progress-bar on -e .
	touch $(RUN_STAMP)

$(TEST_STAMP): pyproject.toml | $(PY)
	@bash setup/dev_system_packages.sh test
	@echo "==> installing the companion and its test tools into $(VENV)"
	$(PY) -m pip install --progress-bar on -e '.[dev]'
	touch $(RUN_STAMP) $(TEST_STAMP)

run: $(RUN_STAMP)
	@echo "==> in another shell, the README's other commands: source $(VENV)/bin/activate"
	$(VENV)/bin/companion run

test: $(TEST_STAMP)
	@$(MAKE) --no-print-directory -j 2 lint compiled
	$(SUITE) $(call dist,$(PYTEST_WORKERS))

# The fast tier, for your own loop: lint, types and every test that starts no browser and no
# server (tests/conftest.py fails one that starts a server unmarked).
check: $(TEST_STAMP)
	@$(MAKE) --no-print-directory -j 2 lint compiled
	COMPANION_FAST_TIER=1 $(SUITE) $(call dist,$(CHECK_WORKERS)) -m "not browser and not process"

# The test files compiled once, on the core mypy leaves free, before the workers collect them.
compiled: $(TEST_STAMP)
	@$(SUITE) --collect-only -q -p no:cacheprovider > $(VENV)/collected.txt || \
	  { cat $(VENV)/collected.txt; exit 1; }

# The browser tests alone, keeping every page they take a picture of in test-output/web_panel/.
screenshots: $(TEST_STAMP)
	COMPANION_SCREENSHOTS=1 $(SUITE) $(call dist,$(PYTEST_WORKERS)) -m browser

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

bench: $(RUN_STAMP)
	for b in bench/*.py; do $(PY) -P $$b || exit 1; done

clean:
	rm -rf $(VENV)
