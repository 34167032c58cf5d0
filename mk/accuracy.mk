# The accuracy lab: every ordered pair at five times of day, through the real engine (docs/accuracy.md).
# Not part of `make test` (its small fixed-seed corpus is, inside `swift test`: MetroLabTests).
.PHONY: accuracy
accuracy: release
	$(RELEASE_BIN)/metrotimer-lab run --data Data --doc docs/accuracy.md
