# Load-proof tests: the host Swift tests run RUNS times in a row (3 unless given) while `stress-ng --cpu
# $(LOAD_CPUS)` keeps both cores busy with unrelated work; the first failing run stops it and is named. Not part
# of `make test`: it loads the machine on purpose and repeats the whole suite. docs/reliability.md lists the tests
# whose verdict involves time and the margins that let them pass here.
#   make test-under-load RUNS=1 LOAD_FILTER=FloodTests     one run of the matching tests only
RUNS        ?= 3
LOAD_CPUS   ?= 2
LOAD_FILTER ?=
.PHONY: test-under-load
test-under-load: build
	sh scripts/install-deps.sh load
	SWIFT="$(SWIFT)" SWIFT_FLAGS="$(SWIFT_FLAGS)" RUNS="$(RUNS)" LOAD_CPUS="$(LOAD_CPUS)" LOAD_FILTER="$(LOAD_FILTER)" \
		sh scripts/test-under-load.sh
