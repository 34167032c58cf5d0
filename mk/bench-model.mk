# Trip model speed: plan + fill of the longest route, a replan, alerts, service check, the route planner (ns/op, release build).
.PHONY: bench-model
bench-model: release
	$(RELEASE_BIN)/metrotimer-modelbench Data/kyiv-metro.json
BENCH_TARGETS += bench-model
