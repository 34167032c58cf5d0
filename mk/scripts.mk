# The test scripts' own shared parts:
#   test-scripts   scripts/lib/mounts.sh recovers the mounts a killed run left in a root (Tests/scripts/)
.PHONY: test-scripts
test-scripts:
	sh Tests/scripts/mounts-left-behind.sh
TEST_TARGETS += test-scripts
