# LabelKit — build, test and run on Debian 12 with the Swift toolchain.
#   make run    installs what is missing, builds, renders the seed scenarios to out/ and prints their sizes
#   make test   installs what is missing, builds, runs every test
#   make check  the quick loop: formatting and the unit tests, without the Pango oracles and the end-to-end runs
#   make install    builds labelkit in release and installs it as $(DESTDIR)$(PREFIX)/bin/labelkit; make uninstall
#   make docs   builds the API documentation into .build/docs/site
#   make check-lengths  fails on a hand-written source file over 400 lines (Scripts/check-source-lengths.py); make lint runs it
#   make bench  the benchmarks (Benchmarks/README.md); make bench-compare BASE=REV against another revision;
#               make bench-startup  the start-up rows alone; make bench-draw  drawing against Pango alone
#   make fuzz   fuzzes every surface in process with libFuzzer for FUZZ_SECONDS each (Fuzz/)
#   make tsan   the concurrency tests under ThreadSanitizer
#   make asan   every test under AddressSanitizer
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out
SWIFT_FLAGS ?=
# Release builds carry the Swift runtime and Foundation inside the binary: `labelkit` installs as one file that needs
# the Debian libraries only, not the toolchain's, and a process starts sooner (one record of `measure --batch`: 15 ms
# rather than 20, the best of 15 runs; fewer libraries to map and bind), which a script calling it per label waits for.
# The binary is larger: about 75 MB.
RELEASE_FLAGS ?= -c release --static-swift-stdlib
SWIFT_FORMAT ?= swift-format
DOCC ?= docc

# Exactly what LabelKit needs from Debian: C libraries for the backends and the renderer, the fonts of the default
# stack (with DejaVu's oblique, condensed and math faces, which the tests' expectations were recorded with), Unicode's
# test files for the conformance suites, Pango as a test and benchmark oracle only, and poppler's pdftoppm and
# librsvg's rsvg-convert to read the renderer's PDF and SVG back in tests; GLib's GDBus for the AT-SPI bridge and the
# desktop-portal settings, and D-Bus, the accessibility bus and pyatspi for their end-to-end tests (python3-gi, which
# python3-pyatspi brings, also runs the stand-in desktop portal); libhyphen and its dictionaries; headless Chromium
# as the CSS oracle of ruby layout only (Tests/ChromiumAgreementTests; about 110 MB to download, 380 MB installed and
# 20 s on a machine that has the rest, without its recommends); Debian's Orca, unmodified, which the end-to-end tests
# run against the demo and read through its debug log (Tests/EndToEnd/orca_e2e.py; no synthesizer is used), and
# GTK 3's introspection data for the GTK reference window they compare it with (gtk_reference_app.py; Orca needs it
# too, the tests name it for themselves). The tests see exactly these fonts
# (Tests/Fonts/fonts.conf): run `python3 Scripts/generate-fonts-conf.py` after changing them.
DEBIAN_PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libcairo2-dev \
	fonts-dejavu-core fonts-dejavu-extra fonts-noto-cjk fonts-noto-color-emoji fonts-noto-core unicode-data \
	libpango1.0-dev libsdl2-dev xvfb xdotool xclip imagemagick poppler-utils librsvg2-bin libglib2.0-dev dbus \
	at-spi2-core python3-pyatspi python3-gi libhyphen-dev hyphen-en-us hyphen-de hyphen-fr hyphen-es chromium orca \
	gir1.2-gtk-3.0

# What `make bench` needs beyond that: Qt 6's QtGui, for the QTextLayout benchmark (Benchmarks/qt-bench.cpp) only.
BENCH_PACKAGES := qt6-base-dev

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps bench-deps build run demo lint format check-lengths test check release install uninstall oracles docs \
	bench bench-startup bench-draw bench-draw-rounds bench-compare clean fuzz tsan asan

# $(call install_missing,PACKAGES): installs whichever of PACKAGES is missing (apt-get update only when one is).
define install_missing
	@missing=""; \
	for package in $(1); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call install_missing,$(DEBIAN_PACKAGES))

bench-deps: deps
	$(call install_missing,$(BENCH_PACKAGES))

build: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product labelkit

run: build
	$(SWIFT) run $(SWIFT_FLAGS) --skip-build labelkit demo --out-dir $(OUT)

demo: deps
	$(SWIFT) run $(RELEASE_FLAGS) labelkit-demo

oracles: deps
	bash Scripts/build-oracles.sh

# The checked-in .swift-format over every Swift file (`make format` rewrites them in place), and no hand-written
# source over 400 lines.
lint: check-lengths
	$(SWIFT_FORMAT) lint --strict --recursive --parallel Sources Tests Benchmarks Fuzz Sanitizers

format:
	$(SWIFT_FORMAT) format --in-place --recursive --parallel Sources Tests Benchmarks Fuzz Sanitizers

# No hand-written .swift, .c, .h or .cpp file under Sources, Tests, Benchmarks, Fuzz or Sanitizers over 400 lines
# (generated files, which say so in their first lines, are exempt): Scripts/check-source-lengths.py lists the others.
check-lengths:
	python3 Scripts/check-source-lengths.py

# The API documentation of every public module (LabelKitText, LabelKitLinks, LabelKitLayout, LabelKitInteraction,
# LabelKit, LabelKitCairo, LabelKitSDL) as one static DocC site in
# .build/docs/site (generated, never committed), from symbol graphs and Documentation/LabelKit.docc. Fails on any DocC
# warning — a ``Symbol`` link that does not resolve — and on a public declaration without a summary.
docs: deps
	SWIFT="$(SWIFT)" DOCC="$(DOCC)" bash Scripts/build-docs.sh

# The tests run under Tests/Fonts/fonts.conf, exactly the fonts of DEBIAN_PACKAGES, whatever else the machine has
# (Tests/Fonts/ProjectFontConfiguration.c sets FONTCONFIG_FILE in every test process; run-demo-e2e.sh sets it for the
# demo). SYSTEM_FONTS_SUITE then runs again in a process of its own under the system's configuration
# (LABELKIT_SYSTEM_FONTS=1): invariants that hold with any fonts.
SYSTEM_FONTS_SUITE := SystemFontsSmokeTests
test: lint deps oracles
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --parallel --num-workers 2
	LABELKIT_SYSTEM_FONTS=1 $(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter '$(SYSTEM_FONTS_SUITE)'
	LABELKIT_DEMO="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/labelkit-demo" bash Tests/EndToEnd/run-demo-e2e.sh

# make check: the quick loop while working — formatting and the unit tests, without the agreement suites (the
# oracles: Tests/PangoAgreementTests, the suites named Pango…AgreementTests, the target's other suites still run; and
# Tests/ChromiumAgreementTests, ruby against headless Chromium) and without the end-to-end runs of the demo window
# (Tests/EndToEnd). `make test` runs everything.
ORACLE_SUITES := \.(Pango|Chromium)[A-Za-z]*AgreementTests/
check: lint deps
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --parallel --num-workers 2 --skip '$(ORACLE_SUITES)'
	LABELKIT_SYSTEM_FONTS=1 $(SWIFT) test $(SWIFT_FLAGS) --skip-build --filter '$(SYSTEM_FONTS_SUITE)'

# make install: labelkit, built in release, as $(DESTDIR)$(PREFIX)/bin/labelkit. The binary is rebuilt only when a
# source is newer, so `make release && sudo make install` builds as you and only copies as root. DESTDIR stages the
# files for a package. make uninstall removes them.
PREFIX ?= /usr/local
DESTDIR ?=
RELEASE_LABELKIT ?= .build/release/labelkit
$(RELEASE_LABELKIT): Package.swift $(shell find Sources -type f 2>/dev/null) | deps
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product labelkit
	@touch $@

release: $(RELEASE_LABELKIT)

install: $(RELEASE_LABELKIT)
	install -D -m 755 $(RELEASE_LABELKIT) "$(DESTDIR)$(PREFIX)/bin/labelkit"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/labelkit"

# make bench: LabelKit (cold, warm, hit-testing, link detection, memory), Pango 1.50, Qt 6's QTextLayout and the C
# limit (HarfBuzz + ICU + greedy wrapping) over the same 10,000 labels in one run; prints one table and writes
# bench/results.json. Then the command line: `labelkit measure --batch` against a whole-process Pango equivalent, and
# --jobs 1 against all cores.
BENCH ?= bench
BENCH_COUNT ?= 10000
# Labels of the world's other scripts (Arabic, Hebrew, Devanagari, Bengali, Thai, Khmer, Korean, Chinese, bidi) after
# the BENCH_COUNT classic ones: 1,000 per kind.
BENCH_WORLD_COUNT ?= 9000
# Rounds of LabelKit, Pango, Qt and the limit, alternating, so that load from other jobs reaches every engine alike;
# each figure is the median over the rounds.
BENCH_ROUNDS ?= 3
BENCH_CFLAGS := -std=c11 -D_GNU_SOURCE -O2 -Wall -Wextra
# The held-out corpus of the command-line rows: BENCH_COUNT classic labels from another seed than the bench corpus's
# (bench/held-out/corpus.tsv), so that a batch speed-up fitted to the bench corpus's words would show.
BENCH_HELD_OUT_SEED ?= 7
# Rounds of the start-up rows (make bench-startup): one-shot processes are short, so many more.
BENCH_STARTUP_ROUNDS ?= 21
# The development build of the start-up rows: `swift build -c release` as a developer runs it, without the install's
# --static-swift-stdlib, in its own scratch path so that it never rebuilds the release build beside it.
DEV_SCRATCH ?= .build-dev

$(BENCH)/pango-bench: Benchmarks/pango-bench.c Benchmarks/bench-common.h Tests/Oracles/comparable-pango.h Tests/Oracles/field-escape.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $< $$(pkg-config --cflags --libs pangocairo)

$(BENCH)/limit-bench: Benchmarks/limit-bench.c Benchmarks/limit-layout.c Benchmarks/limit-bench.h \
		Benchmarks/bench-common.h Tests/Oracles/field-escape.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $(filter %.c,$^) $$(pkg-config --cflags --libs harfbuzz icu-uc fontconfig)

# Qt 6's QTextLayout, a new layout per label (BENCH_PACKAGES): C++17, Qt6Gui's flags.
$(BENCH)/qt-bench: Benchmarks/qt-bench.cpp Benchmarks/bench-common.h Tests/Oracles/field-escape.h | bench-deps
	@mkdir -p $(BENCH)
	$${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -o $@ $< $$(pkg-config --cflags --libs Qt6Gui)

$(BENCH)/pango-cli-bench: Benchmarks/pango-cli-bench.c Tests/Oracles/comparable-pango.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $< $$(pkg-config --cflags --libs pangocairo) -lm

$(BENCH)/startup-bench: Benchmarks/startup-bench.c
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $<

# make bench-startup: the start-up rows alone (Benchmarks/startup-bench.sh): one-shot `labelkit measure TEXT` of the
# installed build and of the development build, `measure --help`, against pango-view, alternating, medians.
bench-startup: deps $(BENCH)/startup-bench $(RELEASE_LABELKIT)
	$(SWIFT) build $(SWIFT_FLAGS) -c release --scratch-path $(DEV_SCRATCH) --product labelkit
	bash Benchmarks/startup-bench.sh $(BENCH)/startup-bench $(RELEASE_LABELKIT) \
		$$($(SWIFT) build $(SWIFT_FLAGS) -c release --scratch-path $(DEV_SCRATCH) --show-bin-path)/labelkit \
		$(BENCH) $(BENCH_STARTUP_ROUNDS)

$(BENCH)/pango-draw-bench: Benchmarks/pango-draw-bench.c Benchmarks/bench-common.h Tests/Oracles/comparable-pango.h Tests/Oracles/field-escape.h
	@mkdir -p $(BENCH)
	$${CC:-gcc} $(BENCH_CFLAGS) -o $@ $< $$(pkg-config --cflags --libs pangocairo) -lm

# make bench-draw: drawing alone (Benchmarks/README.md, "Drawing"): LabelKit's LabelRenderer against
# pango_cairo_show_layout over the corpus, alternating rounds, the per-kind table with ratios; then the pixels of the
# glyph cache against Cairo's own drawing over the whole corpus. `make bench` runs it too.
bench-draw: deps $(BENCH)/pango-draw-bench
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product LabelKitBench
	@set -e; bin=$$($(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --show-bin-path); \
	[ -f $(BENCH)/corpus.tsv ] || $$bin/LabelKitBench corpus $(BENCH) $(BENCH_COUNT) $(BENCH_WORLD_COUNT); \
	$(MAKE) --no-print-directory bench-draw-rounds BENCH_BIN=$$bin

bench-draw-rounds:
	@set -e; rm -f $(BENCH)/labelkit-draw.*.txt $(BENCH)/pango-draw.*.txt; \
	for round in $$(seq 1 $(BENCH_ROUNDS)); do \
		echo "draw round $$round of $(BENCH_ROUNDS)"; \
		$(BENCH_BIN)/LabelKitBench draw $(BENCH); mv $(BENCH)/labelkit-draw.txt $(BENCH)/labelkit-draw.$$round.txt; \
		$(BENCH)/pango-draw-bench $(BENCH); mv $(BENCH)/pango-draw.txt $(BENCH)/pango-draw.$$round.txt; \
	done; \
	$(BENCH_BIN)/LabelKitBench draw-report $(BENCH); \
	$(BENCH_BIN)/LabelKitBench pixels $(BENCH)

bench: bench-deps $(BENCH)/pango-bench $(BENCH)/limit-bench $(BENCH)/qt-bench $(BENCH)/pango-cli-bench \
		$(BENCH)/pango-draw-bench
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product LabelKitBench
	$(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --product labelkit
	@set -e; bin=$$($(SWIFT) build $(SWIFT_FLAGS) $(RELEASE_FLAGS) --show-bin-path); \
	$$bin/LabelKitBench corpus $(BENCH) $(BENCH_COUNT) $(BENCH_WORLD_COUNT); \
	mkdir -p $(BENCH)/held-out; \
	$$bin/LabelKitBench corpus $(BENCH)/held-out $(BENCH_COUNT) 0 $(BENCH_HELD_OUT_SEED); \
	rm -f $(BENCH)/labelkit.*.txt $(BENCH)/pango.*.txt $(BENCH)/limit.*.txt $(BENCH)/cached-limit.*.txt \
		$(BENCH)/qt.txt $(BENCH)/qt.*.txt $(BENCH)/qt-labels.tsv; \
	for round in $$(seq 1 $(BENCH_ROUNDS)); do \
		echo "round $$round of $(BENCH_ROUNDS)"; \
		$$bin/LabelKitBench measure $(BENCH); mv $(BENCH)/labelkit.txt $(BENCH)/labelkit.$$round.txt; \
		$(BENCH)/pango-bench $(BENCH); mv $(BENCH)/pango.txt $(BENCH)/pango.$$round.txt; \
		if $(BENCH)/qt-bench $(BENCH); then mv $(BENCH)/qt.txt $(BENCH)/qt.$$round.txt; \
		else echo "qt-bench failed: the report goes on without Qt"; fi; \
		$(BENCH)/limit-bench $(BENCH); mv $(BENCH)/limit.txt $(BENCH)/limit.$$round.txt; \
		$(BENCH)/limit-bench $(BENCH) cached; mv $(BENCH)/cached-limit.txt $(BENCH)/cached-limit.$$round.txt; \
	done; \
	$$bin/LabelKitBench report $(BENCH); \
	$$bin/LabelKitBench appearance $(BENCH); \
	$(MAKE) --no-print-directory bench-draw-rounds BENCH_BIN=$$bin; \
	bash Benchmarks/cli-bench.sh $$bin/labelkit $(BENCH)/pango-cli-bench $(BENCH) $(BENCH_ROUNDS) $(BENCH)/held-out
	$(MAKE) --no-print-directory bench-startup

# make bench-compare BASE=REV: this tree's LabelKit against revision REV's in one run — cold, warm, hit-testing, link
# detection, memory and the command line, alternating rounds, medians and ratios (Benchmarks/compare-builds.sh).
BASE ?= HEAD
bench-compare: deps
	SWIFT="$(SWIFT)" RELEASE_FLAGS="$(RELEASE_FLAGS)" bash Benchmarks/compare-builds.sh $(BASE) $(BENCH)/compare $(BENCH_ROUNDS)

# make fuzz: the libFuzzer programs of Fuzz/ (layout and every query, link detection, markup and JSON inputs, the
# interaction state machines), built in release with -sanitize=fuzzer,address in their own scratch path; each runs
# its seeds whole, then fuzzes for FUZZ_SECONDS. Fails on a crash, a broken invariant, a leak in LabelKit's code or
# an input slower than 2 s, and prints executions, coverage and crashes per target (Fuzz/run-fuzz.sh).
FUZZ_SECONDS ?= 60
fuzz: deps
	SWIFT="$(SWIFT)" FUZZ_SECONDS=$(FUZZ_SECONDS) FUZZ_SCRATCH=.build-fuzz bash Fuzz/run-fuzz.sh

# make tsan: the concurrency tests (every test whose name says concurrent, concurrency or several threads) under
# ThreadSanitizer, in their own scratch path; fails on any report. A racy canary first proves that TSan reports.
TSAN_TESTS ?= [Cc]oncurren|SeveralThreads
tsan: deps
	bash Sanitizers/tsan-canary.sh
	$(SWIFT) build $(SWIFT_FLAGS) --scratch-path .build-tsan --sanitize=thread --build-tests
	@mkdir -p .build-tsan/logs
	set -o pipefail; TSAN_OPTIONS="halt_on_error=0 exitcode=66 second_deadlock_stack=1" \
		$(SWIFT) test $(SWIFT_FLAGS) --scratch-path .build-tsan --sanitize=thread --skip-build \
		--filter '$(TSAN_TESTS)' 2>&1 | tee .build-tsan/logs/tsan.log
	@if grep -q "WARNING: ThreadSanitizer" .build-tsan/logs/tsan.log; then \
		echo "make tsan: $$(grep -c 'WARNING: ThreadSanitizer' .build-tsan/logs/tsan.log) ThreadSanitizer reports"; exit 1; fi
	@echo "make tsan: no ThreadSanitizer report"

# make asan: every test under AddressSanitizer, in its own scratch path, with UndefinedBehaviorSanitizer on LabelKit's
# C code (CICUShim, CBenchMemory): this toolchain rejects -sanitize=undefined for Swift on Linux, where Swift itself
# traps on overflow, out-of-bounds access and misaligned loads. Fails on any report (LeakSanitizer included;
# fontconfig's process-lifetime caches are suppressed by library name).
ASAN_BUILD = $(SWIFT_FLAGS) --scratch-path .build-asan --sanitize=address -Xcc -fsanitize=undefined \
	-Xcc -fno-sanitize-recover=undefined
asan: deps oracles
	$(SWIFT) build $(ASAN_BUILD) --build-tests
	@mkdir -p .build-asan/logs
	set -o pipefail; \
		ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:detect_stack_use_after_return=1:fast_unwind_on_malloc=0" \
		LSAN_OPTIONS="suppressions=$(CURDIR)/Sanitizers/lsan-suppressions.txt:print_suppressions=0" \
		UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1" \
		$(SWIFT) test $(ASAN_BUILD) --skip-build \
		2>&1 | tee .build-asan/logs/asan.log
	@if grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:" .build-asan/logs/asan.log; then \
		echo "make asan: sanitizer reports in .build-asan/logs/asan.log"; exit 1; fi
	@echo "make asan: no sanitizer report"

clean:
	rm -rf .build $(DEV_SCRATCH) .build-fuzz .build-tsan .build-asan $(OUT) $(BENCH)/*.tsv $(BENCH)/*.txt \
		$(BENCH)/*.jsonl $(BENCH)/results.json $(BENCH)/pango-bench $(BENCH)/limit-bench $(BENCH)/qt-bench $(BENCH)/pango-cli-bench \
		$(BENCH)/startup-bench $(BENCH)/held-out $(BENCH)/pango-draw-bench
