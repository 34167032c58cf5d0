# The systemd unit: `systemd-analyze verify` clean and `systemd-analyze security --offline=true` exposure
# of at most 2.0, checked on the unit as `make install` writes it (into a temporary DESTDIR), together with
# the kernel facts that decided which hardening settings it may use. See Tests/install/check-units.sh.
.PHONY: test-units
test-units: build
	sh Tests/install/check-units.sh "$(MAKE)"
TEST_TARGETS += test-units
