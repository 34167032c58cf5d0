# GPS: the libgps wrapper and the daemon's GPS behaviour, against a real gpsd started by the tests
# (see docs/gps.md). Not in TEST_TARGETS: the full `swift test` of test-swift already runs these.
.PHONY: test-gps
test-gps: build
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS) --filter 'MetroGPSTests|GPS'
