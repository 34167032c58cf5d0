# The Debian package (debian/; docs/hardware.md, "The Debian package"):
#   make deb         .build/deb/metrotimer_<version>_<arch>.deb for this machine's Debian release (a static
#                    release build of its own in .build/deb/scratch), then lintian: no error, no warning
#   make deb-trixie  the same built inside the Debian 13 root (Tests/trixie/), copied to .build/deb/trixie/
#   test-deb         make deb; its contents, conffiles, version and maintainer scripts (Tests/deb/check-deb.sh);
#                    then install, enable, purge in a copy of the bare Debian 12 root (Tests/deb/install-purge.sh)
#   test-deb-trixie  the same for the Debian 13 package, in a copy of the bare Debian 13 root
DEB_DIR     := $(BUILD_DIR)/deb
DEB_VERSION := $(shell dpkg-parsechangelog -l debian/changelog -S Version 2>/dev/null)
DEB_ARCH    := $(shell dpkg --print-architecture 2>/dev/null)
DEB_FILE    := $(DEB_DIR)/metrotimer_$(DEB_VERSION)_$(DEB_ARCH).deb
DEB_TRIXIE_FILE := $(DEB_DIR)/trixie/metrotimer_$(DEB_VERSION)_$(DEB_ARCH).deb

.PHONY: deb deb-trixie test-deb test-deb-trixie
deb:
	sh scripts/install-deps.sh deb
	sh scripts/build-deb.sh $(DEB_DIR)

deb-trixie:
	sh Tests/trixie/tier.sh deb $(DEB_DIR)/trixie

test-deb: deb
	sh Tests/deb/check-deb.sh $(DEB_FILE) $(shell pkg-config --variable=systemdsystemunitdir systemd)
	sh Tests/deb/install-purge.sh $(DEB_FILE) board-bookworm
TEST_TARGETS += test-deb

test-deb-trixie: deb-trixie
	sh Tests/trixie/tier.sh run "sh Tests/deb/check-deb.sh .build/deb/metrotimer_$(DEB_VERSION)_$(DEB_ARCH).deb /usr/lib/systemd/system"
	sh Tests/deb/install-purge.sh $(DEB_TRIXIE_FILE) board-trixie
TEST_TARGETS += test-deb-trixie
