# System-layer benchmarks: how late absolute timerfd alarms fire through the event loop, against a
# DispatchSourceTimer baseline, idle and with both cores busy. About 25 s in all.
.PHONY: bench-alerts
bench-alerts: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product metrotimer-bench
	$(RELEASE_BIN)/metrotimer-bench alert-lateness --samples 200
	$(RELEASE_BIN)/metrotimer-bench alert-lateness --samples 200 --load
BENCH_TARGETS += bench-alerts

# The running daemon (release metrotimerd on the simulated board, time scale 1, started with a NOTIFY_SOCKET
# as systemd starts it): start-up to READY=1, memory idle and riding, wake-ups over an idle window and a
# riding window, and an alert's lateness and a status's wait under a flood of `year` requests over a
# 10 000-trip journal. About 3 minutes with the defaults; see docs/performance.md.
BENCH_IDLE_SECONDS ?= 60
BENCH_TRIP_SECONDS ?= 30
.PHONY: bench-daemon
bench-daemon: release
	$(RELEASE_BIN)/metrotimer-bench startup --runs 10
	$(RELEASE_BIN)/metrotimer-bench rss
	$(RELEASE_BIN)/metrotimer-bench idle-wakeups --seconds $(BENCH_IDLE_SECONDS) --trip-seconds $(BENCH_TRIP_SECONDS)
	$(RELEASE_BIN)/metrotimer-bench year-flood --trips 10000
BENCH_TARGETS += bench-daemon
