# LabelKit — build, test and run on Debian 12 with the Swift toolchain.
#   make run    installs what is missing, builds, renders the seed scenarios to out/ and prints their sizes
#   make test   installs what is missing, builds, runs every test
#   make docs   builds the API documentation into .build/docs/site
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out
SWIFT_FLAGS ?=
SWIFT_FORMAT ?= swift-format
DOCC ?= docc

# Exactly what LabelKit needs from Debian: C libraries for the backends and the renderer, the fonts of the default
# stack, Unicode's test files for the conformance suites, Pango as a test and benchmark oracle only, and poppler's
# pdftoppm and librsvg's rsvg-convert to read the renderer's PDF and SVG back in tests.
DEBIAN_PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libcairo2-dev \
	fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji unicode-data libpango1.0-dev \
	libsdl2-dev xvfb xdotool xclip imagemagick poppler-utils librsvg2-bin

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run demo lint format test oracles docs bench clean

deps:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product labelkit

run: build
	$(SWIFT) run $(SWIFT_FLAGS) --skip-build labelkit demo --out-dir $(OUT)

demo: deps
	$(SWIFT) run -c release labelkit-demo

oracles: deps
	bash Scripts/build-oracles.sh

# The checked-in .swift-format over every Swift file; `make format` rewrites them in place.
lint:
	$(SWIFT_FORMAT) lint --strict --recursive --parallel Sources Tests Benchmarks

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel Sources Tests Benchmarks

# The API documentation of LabelKitCore, LabelKit, LabelKitCairo and LabelKitSDL as one static DocC site in
# .build/docs/site (generated, never committed), from symbol graphs and Documentation/LabelKit.docc. Fails on any DocC
# warning — a ``Symbol`` link that does not resolve — and on a public declaration without a summary.
docs: deps
	SWIFT="$(SWIFT)" DOCC="$(DOCC)" bash Scripts/build-docs.sh

test: lint deps oracles
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --parallel --num-workers 2
	LABELKIT_DEMO="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/labelkit-demo" bash Tests/EndToEnd/run-demo-e2e.sh

# make bench: LabelKit (cold, warm, hit-testing, link detection, memory), Pango 1.50 and the C limit (HarfBuzz + ICU +
# greedy wrapping) over the same 10,000 labels in one run; prints one table and writes bench/results.json. Then the
# command line: `labelkit measure --batch` against a whole-process Pango equivalent, and --jobs 1 against all cores.
BENCH ?= bench
BENCH_COUNT ?= 10000
# Rounds of LabelKit, Pango and the limit, alternating, so that load from other jobs reaches every engine alike; each
# figure is the median over the rounds.
BENCH_ROUNDS ?= 3
BENCH_CFLAGS := -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra

$(BENCH)/pango-bench: Benchmarks/pango-bench.c Benchmarks/bench-common.h Tests/Oracles/comparable-pango.h Tests/Oracles/field-escape.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $< $$(pkg-config --cflags --libs pangocairo)

$(BENCH)/limit-bench: Benchmarks/limit-bench.c Benchmarks/bench-common.h Tests/Oracles/field-escape.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $< $$(pkg-config --cflags --libs harfbuzz icu-uc fontconfig)

$(BENCH)/pango-cli-bench: Benchmarks/pango-cli-bench.c Tests/Oracles/comparable-pango.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $< $$(pkg-config --cflags --libs pangocairo) -lm

bench: deps $(BENCH)/pango-bench $(BENCH)/limit-bench $(BENCH)/pango-cli-bench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product LabelKitBench
	$(SWIFT) build $(SWIFT_FLAGS) -c release --product labelkit
	@set -e; bin=$$($(SWIFT) build $(SWIFT_FLAGS) -c release --show-bin-path); \
	$$bin/LabelKitBench corpus $(BENCH) $(BENCH_COUNT); \
	rm -f $(BENCH)/labelkit.*.txt $(BENCH)/pango.*.txt $(BENCH)/limit.*.txt; \
	for round in $$(seq 1 $(BENCH_ROUNDS)); do \
		echo "round $$round of $(BENCH_ROUNDS)"; \
		$$bin/LabelKitBench measure $(BENCH); mv $(BENCH)/labelkit.txt $(BENCH)/labelkit.$$round.txt; \
		$(BENCH)/pango-bench $(BENCH); mv $(BENCH)/pango.txt $(BENCH)/pango.$$round.txt; \
		$(BENCH)/limit-bench $(BENCH); mv $(BENCH)/limit.txt $(BENCH)/limit.$$round.txt; \
	done; \
	$$bin/LabelKitBench report $(BENCH); \
	bash Benchmarks/cli-bench.sh $$bin/labelkit $(BENCH)/pango-cli-bench $(BENCH) $(BENCH_ROUNDS)

clean:
	rm -rf .build $(OUT) $(BENCH)/*.tsv $(BENCH)/*.txt $(BENCH)/*.jsonl $(BENCH)/results.json $(BENCH)/pango-bench \
		$(BENCH)/limit-bench $(BENCH)/pango-cli-bench
