# The test scripts' own shared parts (scripts/lib/), checked with real mounts and real files (Tests/scripts/):
#   test-scripts   mounts.sh recovers the mounts a killed run left in a root; source-copy.sh copies by content,
#                  so the builds in the cached roots stay incremental and correct; the guests' run.sh boots a
#                  guest once more, loudly, when its kernel crashes (real boots of a kernel that crashes itself)
.PHONY: test-scripts
test-scripts:
	sh Tests/scripts/mounts-left-behind.sh
	sh Tests/scripts/source-copy.sh
	sh Tests/scripts/guest-kernel-crash.sh
TEST_TARGETS += test-scripts
