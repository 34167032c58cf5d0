# arm64, the architecture of the boards and phones (docs/decisions.md, "arm64: a cross build"):
#   make deb-arm64    the arm64 packages, cross-built on this x86_64 machine by Debian 13's Swift 6.0.3:
#                       .build/deb/metrotimer_<version>_arm64-bookworm.deb  Debian 12, Raspberry Pi OS bookworm
#                       .build/deb/metrotimer_<version>_arm64-trixie.deb    Debian 13, Raspberry Pi OS trixie
#                     (scripts/arm64/deb.sh; lintian: no error, no warning). Their roots and the arm64 Swift
#                     library are cached under /var/cache/metrotimer-test and made again when missing.
#   test-deb-arm64    both packages checked as test-deb checks the amd64 one (Tests/deb/check-deb.sh: contents,
#                     versions, aarch64 programs with the runtime inside and full RELRO, glibc ≤ 2.36 for
#                     bookworm), then installed, ridden (make demo's ride, qemu-user) and purged in bare arm64
#                     Debian 12 and 13 roots (Tests/deb/install-purge.sh)
#   test-swift-arm64  the Swift test suites whose behaviour can depend on the architecture, cross-built for arm64
#                     and run under qemu-user in the arm64 Debian 13 root (Tests/arm64/tier.sh says which and why)
#   test-gpio-arm64   the arm64 board guest: the Debian 13 package's programs run the GPIO and input-device
#                     scenarios of the x86_64 guests on an arm64 kernel with gpio-sim and uinput, in
#                     qemu-system-aarch64 (Tests/arm64/board-guest.sh)
#   bench-arm64       the daemon's figures on arm64 beside x86_64 (not part of make bench: it needs root and
#                     the arm64 roots): the same kernel version booted in qemu-system-aarch64 and
#                     qemu-system-x86_64, both emulated, each running Tests/gpio-sim/guest-figures.sh; prints the
#                     arm64 / x86_64 ratios (scripts/arm64/figures.sh; docs/performance.md, "On arm64")
DEB_ARM64_BOOKWORM = $(DEB_DIR)/metrotimer_$(DEB_VERSION)_arm64-bookworm.deb
DEB_ARM64_TRIXIE   = $(DEB_DIR)/metrotimer_$(DEB_VERSION)_arm64-trixie.deb
ARM64_CACHE        := $(or $(METROTIMER_TEST_CACHE),/var/cache/metrotimer-test)

.PHONY: deb-arm64 test-deb-arm64 test-swift-arm64 test-gpio-arm64 bench-arm64
# qemu-user emulates a Cortex-A72 (the Raspberry Pi 4's core) rather than its default "max" CPU: Debian 13's
# arm64 programs sign and check every return address (pointer authentication, in the hint space, so a plain
# ARMv8.0 core runs them as no-ops), and qemu computes each signature in software, which made the Debian 13
# root's perl (dpkg-shlibdeps) twelve times slower. No board or phone metrotimer is for has the feature.
deb-arm64 test-deb-arm64 test-swift-arm64 test-gpio-arm64 bench-arm64 deb-arm64-bookworm deb-arm64-trixie \
install-purge-arm64-bookworm install-purge-arm64-trixie: export QEMU_CPU = cortex-a72
# The two releases side by side (--output-sync prints each one's output whole when it ends): the cross builds
# take turns on the compiler root (its lock) and use both cores, so one release packs or installs under
# qemu-user, which keeps one core busy, while the other builds. What both would install on the host is installed
# first, one apt at a time (the packages, debootstrap, qemu-user and its binfmt entry).
deb-arm64:
	sh scripts/install-deps.sh deb
	sh scripts/install-deps.sh trixie
	sh scripts/arm64/binfmt.sh
	@$(MAKE) --no-print-directory -j2 --output-sync=target deb-arm64-bookworm deb-arm64-trixie

.PHONY: deb-arm64-bookworm deb-arm64-trixie install-purge-arm64-bookworm install-purge-arm64-trixie
deb-arm64-bookworm deb-arm64-trixie: deb-arm64-%:
	sh scripts/arm64/deb.sh $* $(DEB_DIR)

test-deb-arm64: deb-arm64
	sh Tests/deb/check-deb.sh $(DEB_ARM64_BOOKWORM) /lib/systemd/system $(ARM64_CACHE)/builder-bookworm-arm64 2.36
	sh Tests/deb/check-deb.sh $(DEB_ARM64_TRIXIE) /usr/lib/systemd/system $(ARM64_CACHE)/builder-trixie-arm64 2.41
	@$(MAKE) --no-print-directory -j2 --output-sync=target install-purge-arm64-bookworm install-purge-arm64-trixie

install-purge-arm64-bookworm:
	sh Tests/deb/install-purge.sh $(DEB_ARM64_BOOKWORM) board-bookworm-arm64
install-purge-arm64-trixie:
	sh Tests/deb/install-purge.sh $(DEB_ARM64_TRIXIE) board-trixie-arm64
TEST_TARGETS += test-deb-arm64

test-swift-arm64:
	sh Tests/arm64/tier.sh
TEST_TARGETS += test-swift-arm64

test-gpio-arm64: deb-arm64
	sh Tests/arm64/board-guest.sh test $(DEB_ARM64_TRIXIE)
TEST_TARGETS += test-gpio-arm64

# The x86_64 side is the static release build of the gpio-sim guests (mk/gpio.mk, read after this file: its
# names are used in recipes only) with metrotimer-bench added.
FIGURES_OUT = $(GPIO_SIM_WORK)
bench-arm64:
	@$(MAKE) --no-print-directory $(INPUT_SIM_RIG) $(MOTION_SIM_RIG)
	sh scripts/arm64/build.sh trixie $(BUILD_DIR)/figures-arm64 --bench
	sh Tests/arm64/board-guest.sh figures $(BUILD_DIR)/figures-arm64/release
	@cache=$$(sh $(GPIO_SIM_DIR)/setup.sh trixie-backports) || exit 1; \
	for product in $(GPIO_SIM_PRODUCTS) metrotimer-bench; do $(GPIO_SIM_SWIFT) --product $$product || exit 1; done; \
	bin=$$($(GPIO_SIM_SWIFT) --show-bin-path) || exit 1; \
	GUEST_SCRIPT=$(GPIO_SIM_DIR)/guest-figures.sh INPUT_RIG=$(INPUT_SIM_RIG) MOTION_RIG=$(MOTION_SIM_RIG) \
	  sh $(GPIO_SIM_DIR)/mkinitramfs.sh "$$cache" "$$bin" $(FIGURES_OUT)/figures-x86_64/initramfs.cpio.gz || exit 1; \
	GUEST_TIMEOUT=600 GPIO_SIM_TIMEOUT=720 sh $(GPIO_SIM_DIR)/run.sh "$$cache/vmlinuz" \
	  $(FIGURES_OUT)/figures-x86_64/initramfs.cpio.gz $(FIGURES_OUT)/figures-x86_64/serial.log
	sh scripts/arm64/figures.sh $(FIGURES_OUT)/trixie-arm64-figures/serial.log $(FIGURES_OUT)/figures-x86_64/serial.log
