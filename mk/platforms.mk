# The platforms of docs/hardware.md ("Install paths per platform"):
#   test-trixie        the Debian 13 tier: build (no warnings allowed) and `swift test` inside a Debian 13 root
#                      against libgpiod 2.x and libgps 3.25 (Tests/trixie/tier.sh; root cached under
#                      /var/cache/metrotimer-test/trixie)
#   test-docs-install  every install-path block of the docs, as written, on Debian 12 and Debian 13
#                      (Tests/docs/run.sh); it reuses the static release builds of test-gpio
.PHONY: test-trixie test-docs-install
test-trixie:
	sh Tests/trixie/tier.sh test
TEST_TARGETS += test-trixie

test-docs-install: test-gpio
	sh Tests/docs/run.sh debian-12
	sh Tests/docs/run.sh debian-13
TEST_TARGETS += test-docs-install
