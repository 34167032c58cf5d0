# The inner loop of whoever develops: build and run the host Swift tests only (no guests, no packages, no roots).
# It installs nothing: scripts/install-deps.sh --check names the Debian packages that are missing and stops, so no
# root is needed once they are there (`sudo sh scripts/install-deps.sh test` installs them).
# CHECK_FILTER narrows the run: make check CHECK_FILTER=MetroCLITests
CHECK_FILTER ?=
.PHONY: check
check:
	@sh scripts/install-deps.sh --check test
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS) $(if $(CHECK_FILTER),--filter '$(CHECK_FILTER)')
