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
PYTEST_DIST := -n $(PYTEST_WORKERS) --dist loadfile --no-loadscope-reorder
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed

.PHONY: run test check screenshots lint bench clean

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

test: $(TEST_STAMP) lint
	$(PY) -m pytest $(PYTEST_DIST)

# The fast tier, for your own loop: lint, types and every test that starts no browser and no
# server (tests/conftest.py fails one that starts a server unmarked).
check: $(TEST_STAMP) lint
	COMPANION_FAST_TIER=1 $(PY) -m pytest $(PYTEST_DIST) -m "not browser and not process"

# The browser tests alone, keeping every page they take a picture of in test-output/web_panel/.
screenshots: $(TEST_STAMP)
	COMPANION_SCREENSHOTS=1 $(PY) -m pytest $(PYTEST_DIST) -m browser

lint: $(TEST_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

bench: $(RUN_STAMP)
	for b in bench/*.py; do $(PY) -P $$b || exit 1; done

clean:
	rm -rf $(VENV)
