# System-layer benchmarks: how late absolute timerfd alarms fire through the event loop, against a
# DispatchSourceTimer baseline, idle and with both cores busy. About 25 s in all.
.PHONY: bench-alerts
bench-alerts: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product metrotimer-bench
	$(RELEASE_BIN)/metrotimer-bench alert-lateness --samples 200
	$(RELEASE_BIN)/metrotimer-bench alert-lateness --samples 200 --load
BENCH_TARGETS += bench-alerts
