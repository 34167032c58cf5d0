# The oldest Swift the package builds with (docs/decisions.md, "One source, two compilers"):
#   test-swift603   everything, test targets included, built by Debian 13's own Swift 6.0.3 (`swiftlang`) with
#                   warnings counted as failures, then every suite but the daemon process's run with it
#                   (Tests/swift603/tier.sh; its root cached under /var/cache/metrotimer-test/swift-6.0.3, with
#                   the downloads kept there)
#   build-swift603  the build alone
.PHONY: test-swift603 build-swift603
test-swift603:
	sh Tests/swift603/tier.sh test
TEST_TARGETS += test-swift603

build-swift603:
	sh Tests/swift603/tier.sh build
