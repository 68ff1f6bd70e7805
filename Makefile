# The README's two commands: `make serve` and `make test`. Each installs what it needs:
# serve only Python packages; test also the test-only npm packages and Debian's chromium.
VENV   := .venv
PY     := $(VENV)/bin/python
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test check chromium

serve: $(VENV)/.site
	$(PY) -m mkdocs serve --strict --dirty -a 127.0.0.1:8000

test: $(VENV)/.test node_modules/.installed chromium
	$(PY) -m generator check
	$(PY) -m pytest -q

check: $(VENV)/.site
	$(PY) -m generator check

# Versions come from constraints.txt (requirements*.txt apply it), so every machine
# renders the same pages.
$(VENV)/.site: requirements.txt constraints.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip -c constraints.txt
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.test: requirements-test.txt $(VENV)/.site
	$(PY) -m pip install --quiet -r requirements-test.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@chromium --version
