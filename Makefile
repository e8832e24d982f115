# bridge-laws — one task runner.  `make serve` and `make test` work on a fresh Debian
# machine with Python 3.11: they create .venv and install what they need.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8000
BIND   ?= 127.0.0.1
export NO_MKDOCS_2_WARNING := 1

.PHONY: install generate build serve test lint check report bench clean browser vnu node

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

## generate: parse content/sources into content/docs (Markdown + api/laws.json)
generate: install
	$(BIN)/bridgelaws generate

## build: generate, then build the static site into site/ (strict).  Exit status: 0 built
## from every source, 1 built without the sources the errors name, 2 not built.
build: install
	$(BIN)/bridgelaws build

## serve: build and serve the site on http://$(BIND):$(PORT) (also when a source was left out), a
## missing page answered with the site's own 404 page in its language (bridgelaws serve);
## BIND=0.0.0.0 serves the LAN (plain HTTP: no offline saving there, the pages say so)
serve: install
	$(BIN)/bridgelaws build || [ $$? -eq 1 ]
	$(BIN)/bridgelaws serve --site-dir site --bind $(BIND) --port $(PORT)

## check: the parse report: every dropped span and the share of characters accounted for
check: install
	$(BIN)/bridgelaws check

report: check

## browser: Debian's Chromium for the browser tests (Playwright cannot download browsers here)
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installing Debian chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

## node: Debian's Node.js for the search engine's tests under Node (tests/js/, tests/test_search_node.py)
node:
	@if ! command -v node >/dev/null 2>&1; then \
	  echo "Installing Debian nodejs for the search engine's tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nodejs >/dev/null; \
	fi

## vnu: Java and the pinned Nu HTML checker (tools/vnu, from npm) for tests/test_html_conformance.py.
## --ignore-scripts: vnu-jar's install script would download a Java of its own; Debian's is used.
VNU_DIR := tools/vnu
vnu: $(VNU_DIR)/node_modules/.installed

$(VNU_DIR)/node_modules/.installed: $(VNU_DIR)/package-lock.json
	@missing=""; \
	command -v java >/dev/null 2>&1 || missing=" default-jre-headless"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing npm"; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages for the HTML checker:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi
	cd $(VNU_DIR) && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

## lint: ruff (lint + format check) and mypy
lint: install
	$(BIN)/ruff check tools tests
	$(BIN)/ruff format --check tools tests
	$(BIN)/mypy

## test: every test — lint, parsers, golden files, conservation, site build, links, export, browser, HTML —
## on two workers more than the machine has cores (pytest-xdist: the browser tests wait more than they
## compute, two workers kept two cores about half busy); the site is built once for all workers, in the
## background from the first test that needs it, tests sharing an expensive fixture stay on one worker
## (--dist loadgroup), and the tests run in conftest's order (--no-loadscope-reorder: those that need no
## site first, while it builds, then the longest).  Python caches its bytecode even where the
## environment says not to (PYTHONDONTWRITEBYTECODE): each worker and each build the tests start
## would otherwise compile the package and rewrite the tests' assertions again (__pycache__ is ignored)
WORKERS := $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 2 )))
test: install browser node vnu lint
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest -q -n $(WORKERS) --dist loadgroup --no-loadscope-reorder

clean:
	rm -rf site .pytest_cache .mypy_cache .ruff_cache

## bench: build time, page weight and search payload as numbers (bench/report.md)
bench: install
	PYTHONPATH=tools $(BIN)/python -m bench
