# Trip model speed: plan + fill of the longest route, a replan, alerts, service check, the route planner, the motion
# stop detector and station decoder, loading the network file in schema 1 and 2 — Kyiv's, and the NYC sample feed
# imported (ns/op, ns per station and per KiB; release build).
.PHONY: bench-model
bench-model: release sample-feeds
	$(RELEASE_BIN)/metrotimer import-gtfs $$(sh scripts/fetch-sample-feeds.sh)/nyc_subway_gtfs.zip --out $(BUILD_DIR)/nyc.json >/dev/null
	$(RELEASE_BIN)/metrotimer-modelbench Data/kyiv-metro.json $(BUILD_DIR)/nyc.json
BENCH_TARGETS += bench-model
