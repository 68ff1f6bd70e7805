# The README's two commands: `make serve` and `make test`. Each installs what it needs.
VENV   := .venv
PY     := $(VENV)/bin/python
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test check deps chromium

serve: deps
	$(PY) -m mkdocs serve --strict -a 127.0.0.1:8000

test: deps chromium
	$(PY) -m generator check
	$(PY) -m pytest -q

check: deps
	$(PY) -m generator check

deps: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

chromium:
	@command -v chromium >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium; }
	@chromium --version
