# The oldest Swift the package builds with (docs/decisions.md, "One source, two compilers"), Debian 13's own
# Swift 6.0.3 (`swiftlang`), for x86_64:
#   test-swift603   everything, test targets included, built with warnings counted as failures, then every
#                   suite but the daemon process's run with it (Tests/swift603/tier.sh; its root cached under
#                   /var/cache/metrotimer-test/swift-6.0.3, with the downloads kept there)
#   build-swift603  the build alone
# Not part of `make test`: test-swift-arm64 (mk/arm64.mk) builds the same source, tests included, with the same
# compiler and the same rule on warnings, for arm64, and runs the same suites there but the accuracy lab's.
.PHONY: test-swift603 build-swift603
test-swift603:
	sh Tests/swift603/tier.sh test

build-swift603:
	sh Tests/swift603/tier.sh build
