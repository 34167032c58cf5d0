# The GTFS import: stop_times rows per second and peak memory of a release `metrotimer import-gtfs` on the NYC
# sample feed (scripts/bench-import.sh; docs/performance.md).
.PHONY: bench-import
bench-import: release sample-feeds
	sh scripts/install-deps.sh bench
	sh scripts/bench-import.sh $(RELEASE_BIN)/metrotimer 5
BENCH_TARGETS += bench-import
