# The real-kernel GPIO test, twice (see docs/gpio.md):
#   test-gpio-bookworm  Debian 12's 6.1 kernel (v1 GPIO ABI, gpio-sim built out of tree) + this host's
#                       libgpiod 1.6 build
#   test-gpio-trixie    Debian 13 backports' newest kernel (gpio-sim of Debian's, no v1 ABI) + the libgpiod
#                       2.x build made in the Debian 13 root (Tests/trixie/tier.sh gpio-sim)
# Each: setup (cached per kernel under /var/cache/metrotimer-test/gpio-sim/), static build, initramfs, boot.
# Each guest also runs the input-device scenarios (Tests/input-sim: uinput key and force-feedback devices) and
# the motion scenarios (Tests/motion-sim: a HID sensor-hub accelerometer through uhid, read as an IIO buffer).
GPIO_SIM_DIR      := Tests/gpio-sim
GPIO_SIM_WORK     := $(GPIO_SIM_DIR)/out
# A scratch path of its own: the static-stdlib release build must not churn the ordinary release build. Linked
# as make install STATIC=1 links (HARDENING_FLAGS), so the guests run what a board runs and the docs test's
# install reuses this build.
GPIO_SIM_SCRATCH  := $(BUILD_DIR)/gpio-sim
GPIO_SIM_SWIFT    := $(SWIFT) build -c release --static-swift-stdlib --scratch-path $(GPIO_SIM_SCRATCH) $(SWIFT_FLAGS) \
                     $(HARDENING_FLAGS)
GPIO_SIM_PRODUCTS := metrotimer-hwcheck metrotimerd metrotimer
# The input-device rig both guests run (Tests/input-sim): static, so one build serves either guest's libc.
INPUT_SIM_RIG     := $(GPIO_SIM_WORK)/uinput-rig

$(INPUT_SIM_RIG): Tests/input-sim/uinput-rig.c
	@sh scripts/install-deps.sh gpio && mkdir -p $(@D) && gcc -static -O2 -Wall -Wextra -Werror -o $@ $<
# The accelerometer rig both guests run (Tests/motion-sim), static for the same reason.
MOTION_SIM_RIG    := $(GPIO_SIM_WORK)/uhid-accel-rig

$(MOTION_SIM_RIG): Tests/motion-sim/uhid-accel-rig.c
	@sh scripts/install-deps.sh gpio && mkdir -p $(@D) && gcc -static -O2 -Wall -Wextra -Werror -o $@ $< -lm

# The ride the guests' daemon takes with motion and no press (Tests/motion-sim/guest-motion.sh, scenario_motion_ride):
# one true ride of the lab's world as the rig plays it, at the daemon's time scale 8, and its truth. Made by the
# lab (a debug build: `make test` has built it already), again whenever the lab or the network data change.
MOTION_RIDE_TRACE := $(GPIO_SIM_WORK)/motion-ride.trace
MOTION_RIDE_TRUTH := $(GPIO_SIM_WORK)/motion-ride.truth
$(MOTION_RIDE_TRACE): $(wildcard Sources/MetroLab/*.swift Sources/MetroModel/*/*.swift Sources/MetroEngine/*.swift) Data/kyiv-metro.json
	@mkdir -p $(@D) && $(SWIFT) build $(SWIFT_FLAGS) --product metrotimer-lab && \
	$(DEBUG_BIN)/metrotimer-lab motion-trace --data Data --from universytet --to kontraktova-ploshcha --seed 1 --scale 8 \
	  --unix 1787648400 --trace $@ --truth $(MOTION_RIDE_TRUTH)

# Both guests side by side (one emulated core each; their builds, on the host and in the Debian 13 root, share
# the two cores); --output-sync prints each one's output whole when it ends.
.PHONY: test-gpio test-gpio-bookworm test-gpio-trixie
test-gpio: $(INPUT_SIM_RIG) $(MOTION_SIM_RIG) $(MOTION_RIDE_TRACE)
	@$(MAKE) --no-print-directory -j2 --output-sync=target test-gpio-bookworm test-gpio-trixie

test-gpio-bookworm: $(INPUT_SIM_RIG) $(MOTION_SIM_RIG) $(MOTION_RIDE_TRACE)
	@cache=$$(sh $(GPIO_SIM_DIR)/setup.sh bookworm) || exit 1; \
	for product in $(GPIO_SIM_PRODUCTS); do $(GPIO_SIM_SWIFT) --product $$product || exit 1; done; \
	bin=$$($(GPIO_SIM_SWIFT) --show-bin-path) || exit 1; \
	INPUT_RIG=$(INPUT_SIM_RIG) MOTION_RIG=$(MOTION_SIM_RIG) MOTION_TRACE=$(MOTION_RIDE_TRACE) \
	  sh $(GPIO_SIM_DIR)/mkinitramfs.sh "$$cache" "$$bin" $(GPIO_SIM_WORK)/bookworm/initramfs.cpio.gz || exit 1; \
	sh $(GPIO_SIM_DIR)/run.sh "$$cache/vmlinuz" $(GPIO_SIM_WORK)/bookworm/initramfs.cpio.gz \
	  $(GPIO_SIM_WORK)/bookworm/serial.log 1

# The programs are built in the Debian 13 root, so the guest's libraries come from there too (SYSROOT).
test-gpio-trixie: $(INPUT_SIM_RIG) $(MOTION_SIM_RIG) $(MOTION_RIDE_TRACE)
	@cache=$$(sh $(GPIO_SIM_DIR)/setup.sh trixie-backports) || exit 1; \
	root=$$(sh Tests/trixie/root.sh) || exit 1; \
	bin=$$(sh Tests/trixie/tier.sh gpio-sim) || exit 1; \
	SYSROOT=$$root INPUT_RIG=$(INPUT_SIM_RIG) MOTION_RIG=$(MOTION_SIM_RIG) MOTION_TRACE=$(MOTION_RIDE_TRACE) \
	  sh $(GPIO_SIM_DIR)/mkinitramfs.sh "$$cache" "$$bin" $(GPIO_SIM_WORK)/trixie/initramfs.cpio.gz || exit 1; \
	sh $(GPIO_SIM_DIR)/run.sh "$$cache/vmlinuz" $(GPIO_SIM_WORK)/trixie/initramfs.cpio.gz \
	  $(GPIO_SIM_WORK)/trixie/serial.log 2
TEST_TARGETS += test-gpio
