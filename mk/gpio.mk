# The real-kernel GPIO test: a Debian 6.1 kernel with gpio-sim under qemu (see docs/gpio.md).
#   make test-gpio   setup (cached per kernel under Tests/gpio-sim/cache/), static build, initramfs, boot
GPIO_SIM_DIR      := Tests/gpio-sim
GPIO_SIM_WORK     := $(GPIO_SIM_DIR)/out
# A scratch path of its own: the static-stdlib release build must not churn the ordinary release build.
GPIO_SIM_SCRATCH  := $(BUILD_DIR)/gpio-sim
GPIO_SIM_SWIFT    := $(SWIFT) build -c release --static-swift-stdlib --scratch-path $(GPIO_SIM_SCRATCH) $(SWIFT_FLAGS)
GPIO_SIM_PRODUCTS := metrotimer-hwcheck metrotimerd metrotimer

.PHONY: test-gpio
test-gpio:
	@cache=$$(sh $(GPIO_SIM_DIR)/setup.sh) || exit 1; \
	for product in $(GPIO_SIM_PRODUCTS); do $(GPIO_SIM_SWIFT) --product $$product || exit 1; done; \
	bin=$$($(GPIO_SIM_SWIFT) --show-bin-path) || exit 1; \
	sh $(GPIO_SIM_DIR)/mkinitramfs.sh "$$cache" "$$bin" $(GPIO_SIM_WORK)/initramfs.cpio.gz || exit 1; \
	sh $(GPIO_SIM_DIR)/run.sh "$$cache/vmlinuz" $(GPIO_SIM_WORK)/initramfs.cpio.gz $(GPIO_SIM_WORK)/serial.log
TEST_TARGETS += test-gpio
