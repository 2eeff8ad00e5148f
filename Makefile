# LabelKit — build, test and run on Debian 12 with the Swift toolchain.
#   make run    installs what is missing, builds, renders the seed scenarios to out/ and prints their sizes
#   make test   installs what is missing, builds, runs every test
SHELL := /bin/bash
SWIFT ?= swift
OUT ?= out
SWIFT_FLAGS ?=

# Exactly what LabelKit needs from Debian: C libraries for the backends and the renderer, the fonts of the default
# stack, Unicode's test files for the conformance suites, and Pango as a test and benchmark oracle only.
DEBIAN_PACKAGES := pkg-config libharfbuzz-dev libfreetype-dev libfontconfig-dev libicu-dev libcairo2-dev \
	fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji unicode-data libpango1.0-dev \
	libsdl2-dev xvfb xdotool xclip imagemagick

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run demo test oracles clean

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

test: deps oracles
	$(SWIFT) build $(SWIFT_FLAGS) --build-tests
	$(SWIFT) test $(SWIFT_FLAGS) --skip-build --parallel --num-workers 2
	LABELKIT_DEMO="$$($(SWIFT) build $(SWIFT_FLAGS) --show-bin-path)/labelkit-demo" bash Tests/EndToEnd/run-demo-e2e.sh

clean:
	rm -rf .build $(OUT)
