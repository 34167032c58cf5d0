# ThreadSanitizer tier (docs/reliability.md, "Data races"): the host Swift test suites that run product code in this
# process, built with --sanitize=thread in a scratch path of their own (the ordinary build is never rebuilt with the
# sanitizer) and run. Any ThreadSanitizer report fails the tier, even when every test passes.
#
# Left out, each for its reason (TSAN_SKIP):
#   the MetroDaemonTests suites that fork a real metrotimerd (or run scripts or metrotimer as a child) and talk to
#   it over its socket: the daemon is a separate, single-threaded process, so the sanitizer in the test process
#   sees only the test's own pipe reading; these suites run un-instrumented in test-swift, and the daemon's code
#   they drive runs in process here through the engine, store, control server and device suites.
#   the tests that run one thread's computation for long and share nothing with other threads: the exhaustive sweeps
#   of every pair of stations (scripts/lib/sweeps.sh) and the planner's other long ones (a 500-station grid, damaged
#   data files, a second sweep at noon and in the peak), and the accuracy lab's feed-world rides and its motion
#   corpus run a second time. The sanitizer makes them several times slower and they were most of the tier's time,
#   yet it finds races only between threads: these run whole in test-swift, and the lab's threads (Corpus.run's
#   chunks) still run here in NeverLateTests and MotionLabTests.
# The in-process suites of MetroDaemonTests (store, control server and rate limits, device controller, features,
# status documents, clock ranges, power loss, reminders' gestures, GPS link backoff) and every other test module run.
TSAN_SCRATCH := $(BUILD_DIR)/tsan
TSAN_LOG     := $(TSAN_SCRATCH)/test-tsan.log
TSAN_FORKING := AlertDeliveryCrashTests CrashSafetyTests NotifyProtocolTests UkrainianGuideTests CLIClientTests \
                DaemonSmokeTests HwcheckInputTests PressRefusalTests ConfigCheckCommandTests CheckConfigCommandTests \
                FeatureDaemonTests InputStartupTests ScriptsTests FloodTests JSONNestingTests SignalTests \
                ConnectionLimitTests JournalStreamTests StalledLogReaderTests ControlProtocolDocTests GPSDaemonTests \
                LanguageCoverageTests StartupChecksTests ControlSocketTests NewcomerPathTests StatusLineTests \
                RefusalCodeTests UkrainianAnswerTests YearCardFileTests
tsan_empty :=
tsan_space := $(tsan_empty) $(tsan_empty)
TSAN_SWEEPS  := $(shell . scripts/lib/sweeps.sh && echo "$$SWEEPS")
TSAN_ONE_THREAD := MetroModelTests\.GridRoutingTests/ MetroModelTests\.JSONTapeTests/damagedFilesAreRefusedNeverATrap \
                MetroModelTests\.KyivRoutingEquivalenceTests/everyPair MetroLabTests\.FeedWorldTests/ \
                MetroLabTests\.FeedWorldGPSTests/ MetroLabTests\.MotionLabTests/theFiguresAreReproducible
TSAN_SKIP    ?= ^MetroDaemonTests\.($(subst $(tsan_space),|,$(strip $(TSAN_FORKING))))/|$(TSAN_SWEEPS)|^($(subst $(tsan_space),|,$(strip $(TSAN_ONE_THREAD))))
# halt_on_error=0: every report is printed, not just the first; the log is checked for any.
TSAN_OPTIONS_FOR_TESTS ?= halt_on_error=0 second_deadlock_stack=1

.PHONY: test-tsan
test-tsan: deps sample-feeds
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path $(TSAN_SCRATCH) $(SWIFT_FLAGS)
	@mkdir -p $(TSAN_SCRATCH)
	@status=0; \
	TSAN_OPTIONS="$(TSAN_OPTIONS_FOR_TESTS)" $(SWIFT) test --skip-build --sanitize=thread --scratch-path $(TSAN_SCRATCH) \
	  $(SWIFT_FLAGS) --skip '$(TSAN_SKIP)' > $(TSAN_LOG) 2>&1 || status=$$?; \
	grep -E "Test run with|✘|error:" $(TSAN_LOG) | tail -n 40; \
	reports=$$(grep -c "WARNING: ThreadSanitizer" $(TSAN_LOG)); \
	if [ "$$reports" != 0 ]; then \
	  echo "test-tsan: $$reports ThreadSanitizer report(s); the first:"; \
	  grep -m1 -A40 "WARNING: ThreadSanitizer" $(TSAN_LOG); exit 1; \
	fi; \
	if [ $$status != 0 ]; then echo "test-tsan: the tests failed (exit $$status); the log is $(TSAN_LOG)"; exit 1; fi; \
	echo "test-tsan: no ThreadSanitizer report"
TEST_TARGETS += test-tsan
