# The README's two commands: `make serve` and `make test`. Each installs what it needs:
# serve the Python packages (Node.js among them: generator/node_binary.py) and the site's one npm
# package (esbuild, which minifies the built site's scripts: generator/export/minify.py); test also
# the test-only npm packages and Debian's chromium.
VENV   := .venv
PY     := $(VENV)/bin/python
# The pinned Node.js (a Python package, linked into the venv as node-bin) comes first on PATH, so
# npm and every Node suite run on it, whatever Node the machine has or lacks.
export PATH := $(CURDIR)/$(VENV)/node-bin:$(PATH)
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NO_MKDOCS_2_WARNING := 1
# Python keeps its compiled modules (and pytest its rewritten test modules) in __pycache__, even
# where the environment says not to: every worker, build and check of a run would otherwise
# compile the same sources again.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: serve test check chromium quick zensical site

# The engine that runs mkdocs.yml and its hook: mkdocs (the default while Material for MkDocs is
# supported), or properdocs, its maintained fork (README, "The engine"): make serve ENGINE=properdocs.
ENGINE ?= mkdocs
ifeq ($(filter $(ENGINE),mkdocs properdocs),)
$(error ENGINE=$(ENGINE): use mkdocs or properdocs)
endif

serve: $(VENV)/.site node_modules/.site
	$(PY) -m $(ENGINE) serve --strict --dirty -a 127.0.0.1:8000

# Three pytest-xdist workers on this 2-core machine, each with its own built site, server and
# browser: much of a browser test is waiting (a page settling, a service worker saving), so a third
# worker fills the idle time (fresh clone, 1035 tests: 500 s with 2 workers, 459 s with 3, 477 s
# with 4). Tests sharing a module's own build stay on one worker (--dist loadgroup, as
# tests/conftest.py schedules it). pytest's exit 5 (no test ran) fails the target like any other failure.
TEST_WORKERS ?= 3
test: $(VENV)/.test node_modules/.installed chromium
	$(PY) -m generator check
	$(PY) -m pytest -q -n $(TEST_WORKERS) --dist loadgroup --durations=15

# The loop while editing data or code: the data check and the unit tests (no browser, no site
# build, no Node suites), in one process. CONTRIBUTING.md says when to run which.
quick: $(VENV)/.test
	$(PY) -m generator check
	$(PY) -m pytest -q -n $(TEST_WORKERS) -m "not browser and not site and not build and not node and not slow"

check: $(VENV)/.site
	$(PY) -m generator check

# The same data, content/ and mkdocs.yml built with Zensical (pinned in requirements-zensical.txt)
# into build/zensical/site; MkDocs with Material stays the default (`make serve`).
zensical: $(VENV)/.zensical node_modules/.site
	$(PY) engines/zensical_build.py build/zensical

$(VENV)/.zensical: requirements-zensical.txt $(VENV)/.site
	$(PY) -m pip install --quiet -r requirements-zensical.txt
	touch $@

# The folder to upload, built for the address it will be served at (the manifest's scope, the
# service worker's, share links and QR codes come from it): make site SITE_URL=https://example.org/compendium/
# writes build/site/. A missing or malformed SITE_URL is refused before anything is built.
# SITE_URL reaches the script through the environment (make exports command-line variables), so
# no quoting of it in the shell can go wrong. make site ENGINE=properdocs builds it with ProperDocs.
site: $(VENV)/.site node_modules/.site
	@$(PY) engines/site_build.py --engine $(ENGINE) --out build/site

# Versions come from constraints.txt (requirements*.txt apply it), so every machine
# renders the same pages.
$(VENV)/.site: requirements.txt constraints.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip -c constraints.txt
	$(PY) -m pip install --quiet --no-compile -r requirements.txt
	ln -sfn "$$($(PY) -m generator.node_binary)" $(VENV)/node-bin
	touch $@

$(VENV)/.test: requirements-test.txt requirements-zensical.txt $(VENV)/.site
	$(PY) -m pip install --quiet --no-compile -r requirements-test.txt
	touch $@

# The build's npm packages (package.json's dependencies: esbuild) at package-lock.json's versions,
# without the test-only ones; offline once installed. A full install (below) newer than the
# package files already holds them: it is kept, not replaced by a smaller one.
node_modules/.site: package.json package-lock.json $(VENV)/.site
	@if [ node_modules/.installed -nt package.json ] && [ node_modules/.installed -nt package-lock.json ]; then :; \
	else $$($(PY) -m generator.node_binary --npm) ci --omit=dev --no-audit --no-fund --loglevel=error; fi
	touch $@

node_modules/.installed: package.json package-lock.json $(VENV)/.site
	$$($(PY) -m generator.node_binary --npm) ci --no-audit --no-fund --loglevel=error
	touch $@ node_modules/.site

chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@chromium --version
