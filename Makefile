# metrotimer — build, demo, test, bench, install.
#
#   make demo     set up and ride a whole simulated trip (the main job)
#   make test     set up and run every test (what .ci/run calls)
#   make bench    speed and memory figures, release build
#   make install  PREFIX=/usr/local DESTDIR=  (see mk/install.mk)
#
# Each concern keeps its rules in mk/*.mk and adds its test to TEST_TARGETS, its benchmark to BENCH_TARGETS.

# The toolchain: `swift` on the PATH, else Debian's /opt/swift install (a non-login shell may not have read the
# profile that adds it to the PATH).
SWIFT        ?= $(or $(shell command -v swift 2>/dev/null),$(wildcard /opt/swift/usr/bin/swift),swift)
SWIFT_FLAGS  ?=
# How the programs a board runs are linked (make install's release build, the package, the gpio-sim guests):
# full RELRO and BIND_NOW (the GOT read-only after start-up), by the toolchain's own lld. The toolchain's clang
# uses ld.gold by default and falls back to ld.bfd where gold is missing (Debian 13's binutils no longer has it),
# and ld.bfd writes no PT_GNU_RELRO segment when an input .rodata section is writable, as the Swift compiler
# makes some (docs/decisions.md, "Full RELRO on Debian 13").
HARDENING_FLAGS ?= -Xswiftc -use-ld=lld -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now
RELEASE_FLAGS ?= -c release
BUILD_DIR    := $(shell pwd)/.build
DEBUG_BIN    := $(BUILD_DIR)/debug
RELEASE_BIN  := $(BUILD_DIR)/release

TEST_TARGETS :=
BENCH_TARGETS :=

.PHONY: all deps build release demo run test test-swift bench clean
all: build

deps:
	sh scripts/install-deps.sh test

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) $(SWIFT_FLAGS)

# Swift unit and integration tests (model, engine, system wrappers, daemon, CLI, real gpsd), in six processes
# side by side: most of their time is real-time waiting, not computing (scripts/test-shards.sh says why).
test-swift: build
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	sh scripts/test-shards.sh $(SWIFT) $(SWIFT_FLAGS)
TEST_TARGETS += test-swift

include $(sort $(wildcard mk/*.mk))

test: $(TEST_TARGETS)
	@echo "make test: all of $(TEST_TARGETS) passed"

bench: $(BENCH_TARGETS)

clean:
	rm -rf .build
