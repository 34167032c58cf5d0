# Coverage-guided fuzzing (libFuzzer, shipped with the Swift toolchain) of the six decoders that read bytes the
# project does not control: control requests, the configuration, the network data file, the stored trip, a
# GTFS feed's CSV files and a whole GTFS feed's import.
#
#   make fuzz        each target for FUZZ_SECONDS (default 300), one after the other
#   make test-fuzz   a short pass of FUZZ_TEST_SECONDS (default 30) each, two at a time (each target is one
#                    thread, and the machine has two cores); part of `make test`
#   make fuzz FUZZ_TARGETS=stored-trip FUZZ_SECONDS=900   one target, longer
#   make fuzz FUZZ_RUNS=1000000 FUZZ_SECONDS=3600          each until 10^6 executions (the figures in the docs)
#
# The targets are built in release mode with -sanitize=fuzzer,address in their own scratch directory, so the
# ordinary build is never rebuilt with the sanitizer; only the Fuzz* products are built there. A crash or a hang
# fails the rule and names the reproducer. Seeds: Tests/Fuzz/corpus/<target>/; see docs/reliability.md.
FUZZ_TARGETS      ?= control-request config network-data stored-trip gtfs-csv gtfs-feed
FUZZ_SECONDS      ?= 300
FUZZ_TEST_SECONDS ?= 30
FUZZ_RUNS         ?=
FUZZ_BUILD_DIR    := $(BUILD_DIR)/fuzz
FUZZ_PRODUCTS     := FuzzControlRequest FuzzConfig FuzzNetworkData FuzzStoredTrip FuzzGTFSCSV FuzzGTFSFeed
# -D FUZZING makes each target's main start libFuzzer's driver; lld links the sanitizer runtime without warnings.
FUZZ_SWIFT_FLAGS  := -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

.PHONY: fuzz fuzz-build test-fuzz
fuzz-build: deps
	for product in $(FUZZ_PRODUCTS); do \
	  $(SWIFT) build -c release --scratch-path $(FUZZ_BUILD_DIR) --product $$product $(FUZZ_SWIFT_FLAGS) || exit 1; \
	done

fuzz: fuzz-build
	FUZZ_RUNS=$(FUZZ_RUNS) sh Tests/Fuzz/run-fuzzers.sh $(FUZZ_BUILD_DIR)/release $(FUZZ_BUILD_DIR)/work $(FUZZ_SECONDS) $(FUZZ_TARGETS)

test-fuzz: fuzz-build
	FUZZ_RUNS=$(FUZZ_RUNS) FUZZ_JOBS=2 sh Tests/Fuzz/run-fuzzers.sh $(FUZZ_BUILD_DIR)/release $(FUZZ_BUILD_DIR)/work $(FUZZ_TEST_SECONDS) $(FUZZ_TARGETS)
TEST_TARGETS += test-fuzz
