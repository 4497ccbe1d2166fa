# One command builds the site, one runs every test; each makes its own virtual environment first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
BUILD  := _build/html

.PHONY: book test bench checks clean

$(VENV)/.book: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.test: $(VENV)/.book tests/requirements.txt
	$(BIN)/pip install --quiet -r tests/requirements.txt
	touch $@

book: $(VENV)/.book  ## build the site into _build/html, failing on any warning
	$(BIN)/jupyter-book build . -W -n --keep-going
	@echo "The site is at $(CURDIR)/$(BUILD)/index.html"

test: $(VENV)/.test  ## every test: model, data, notebooks, a clean build, the site in Chromium
	@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)
	$(BIN)/pytest -n 2 --dist loadscope --nbval book tests storageperf

bench: $(VENV)/.test  ## time the build, the rebuild, nbval and bare execution; size every page
	$(BIN)/python tools/benchmark.py

checks: $(VENV)/.book  ## re-record the checked outputs of every notebook (review the diff)
	$(BIN)/python tools/record_checks.py

clean:
	rm -rf _build $(VENV)
