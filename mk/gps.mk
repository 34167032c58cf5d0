# GPS: the libgps wrapper against a real gpsd started by the tests (see docs/gps.md).
# Not in TEST_TARGETS: the full `swift test` of test-swift already runs these.
.PHONY: test-gps
test-gps: build
	$(SWIFT) test $(SWIFT_FLAGS) --filter 'MetroGPSTests'
