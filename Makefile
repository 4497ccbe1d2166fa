# One command builds the site, one runs every test; each makes its own virtual environment first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
BUILD  := _build/html

.PHONY: book workshop handouts release links prices test test-model test-notebooks test-site lint chromium fio bench checks datapackage wheels clean

PYTEST := $(BIN)/pytest -n 2 --dist loadscope

$(VENV)/.book: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.test: $(VENV)/.book tests/requirements.txt
	$(BIN)/pip install --quiet -r tests/requirements.txt
	touch $@

book: $(VENV)/.book  ## build the site into _build/html, failing on any warning
	$(BIN)/python -m storageperf_book.build . -W -n --keep-going
	@echo "The site is at $(CURDIR)/$(BUILD)/index.html"

workshop: book  ## the workshop's participant and instructor editions (notebooks, zips, the participant's site) into _build/workshop
	$(BIN)/python tools/workshop.py

# What the handouts use beside the book's environment: a browser driver and a PDF reader, pinned as the tests pin them.
HANDOUT_PACKAGES := playwright greenlet pypdf

$(VENV)/.handouts: $(VENV)/.book tests/requirements.txt
	$(BIN)/pip install --quiet $$(for p in $(HANDOUT_PACKAGES); do grep -E "^$$p==" tests/requirements.txt; done)
	touch $@

handouts: book $(VENV)/.handouts chromium  ## the site as one zip to serve offline, the book as one PDF and, after make workshop, the participant's site as one PDF, in _build/
	$(BIN)/python tools/handouts.py

release: workshop handouts  ## a release's files with SHA256SUMS and manifest.json in _build/release (what .github/workflows/release.yml publishes); workshop first, for handouts prints its participant's site
	$(BIN)/python tools/release.py

# The tests that need node or fio find them with tests/helpers.py's tool(). make test installs both (the fio target)
# and sets STORAGEPERF_REQUIRE_TOOLS=1, so there a missing one fails its tests; in every other run they are skipped.
test: $(VENV)/.test chromium fio  ## every test: lint, model, data, notebooks, the package built, the site in Chromium
	$(BIN)/ruff check .
	STORAGEPERF_REQUIRE_TOOLS=1 $(PYTEST) --durations=25 --nbval book tests storageperf storageperf_book

test-model: $(VENV)/.test fio  ## the quick loop (seconds): model, data, the book's code, the notebooks as committed
	$(PYTEST) -m "not site and not slow" tests storageperf storageperf_book

test-notebooks: $(VENV)/.test  ## execute every chapter, checking the recorded outputs (about a minute)
	$(PYTEST) --nbval book

test-site: $(VENV)/.test chromium  ## build the book; test it in Chromium and JupyterLab; build and install the package
	$(PYTEST) -m "site or slow" tests

lint: $(VENV)/.test  ## ruff over the code, the tests, the tools and the notebooks; the workflows (actionlint); the model's layers (imports)
	$(BIN)/ruff check .
	$(BIN)/actionlint .github/workflows/*.yml
	$(BIN)/pytest -q -p no:cacheprovider tests/test_layers.py

links: $(VENV)/.book  ## fetch every address data/documents.csv and book/references.bib cite (needs the network: not in make test)
	$(BIN)/python tools/links.py

prices: $(VENV)/.book  ## refresh the Azure NetApp Files price tables from the Azure Retail Prices API; what moved, verdicts included, into _build/prices.md (needs the network: not in make test; review, then commit)
	mkdir -p _build
	$(BIN)/python tools/prices.py --write --report _build/prices.md

chromium:
	@command -v chromium >/dev/null || (echo "Installing Debian's chromium package (the browser that prints the PDF and runs the site's tests)" \
	  && apt-get update -qq && apt-get install -y -qq chromium >/dev/null)

# tests/test_measurements.py and tests/test_fio_lab.py run real fio jobs; tests/test_measurements.py,
# test_studio.py, test_quiz.py and test_handouts.py run the site's scripts in node
fio:
	@command -v fio >/dev/null || (apt-get update -qq && apt-get install -y -qq fio >/dev/null)
	@command -v node >/dev/null || (apt-get update -qq && apt-get install -y -qq nodejs >/dev/null)

bench: $(VENV)/.test chromium fio  ## time the builds, nbval, execution; size every page; time the site in Chromium; mutation testing (tools/mutants.py)
	$(BIN)/python tools/benchmark.py

checks: $(VENV)/.book  ## re-record the checked outputs of every notebook (review the diff)
	$(BIN)/python tools/record_checks.py

datapackage: $(VENV)/.book  ## regenerate data/datapackage.json from data/datapackage.spec.yaml
	$(BIN)/python tools/datapackage.py

# The platforms readers bring (Windows, macOS on Intel and Apple silicon, Linux with glibc 2.34 or newer: Ubuntu
# 22.04, Debian 12, RHEL 9 and later) and the Pythons pyproject.toml supports: pip must find a wheel for every package
# binder/requirements.txt installs, with what it pulls in. A platform is a list of the wheel tags it accepts.
WHEEL_PLATFORMS := win_amd64 macosx_10_15_x86_64 macosx_11_0_arm64 \
                   manylinux_2_34_x86_64,manylinux_2_28_x86_64,manylinux_2_17_x86_64,manylinux2014_x86_64
WHEEL_PYTHONS   := 3.11 3.12 3.13

wheels: $(VENV)/.book  ## ask the registry for a wheel of every reader's package on each platform and Python (not in make test)
	$(BIN)/python tools/wheels.py binder/requirements.txt --platforms "$(WHEEL_PLATFORMS)" --pythons "$(WHEEL_PYTHONS)"

clean:
	rm -rf _build $(VENV)
