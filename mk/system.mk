# The system tier (Tests/system/; docs/decisions.md, "The system tier"): the installed product under a real systemd as PID 1, in a
# qemu guest booted from a cached Debian base (/var/cache/metrotimer-test/system-<release>/), twice:
#   test-system-bookworm  Debian 12, systemd 252: the Debian package (make deb, apt-get install ./….deb) once
#                         the tree has mk/deb.mk, else make install PREFIX=/usr STATIC=1
#   test-system-trixie    Debian 13, systemd 257: make install PREFIX=/usr STATIC=1 of the Debian 13 build
# Each prints every check by name with its verdict and time, and the time of each part.
# test-system boots the two guests side by side: each emulated guest keeps one core busy (docs/reliability.md,
# "Guests side by side"); --output-sync prints each guest's output whole when it ends.
.PHONY: test-system test-system-bookworm test-system-trixie system-guest-bookworm
test-system: deb
	@$(MAKE) --no-print-directory -j2 --output-sync=target system-guest-bookworm test-system-trixie

# The package test-deb built (make runs `deb` once per invocation), not a second packaging run.
test-system-bookworm: deb
	@$(MAKE) --no-print-directory system-guest-bookworm

system-guest-bookworm:
	SYSTEM_DEB=$(DEB_FILE) sh Tests/system/run.sh bookworm

test-system-trixie:
	sh Tests/system/run.sh trixie
TEST_TARGETS += test-system
