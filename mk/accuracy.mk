# The accuracy lab: every ordered pair at five times of day, through the real engine (docs/accuracy.md).
# Not part of `make test` (its small fixed-seed corpus is, inside `swift test`: MetroLabTests).
.PHONY: accuracy
# The truth of an imported network: the NYC sample feed's own trips against the model, then ridden through the
# engine in the lab's noisy world (docs/accuracy.md).
accuracy: release sample-feeds
	$(RELEASE_BIN)/metrotimer-lab run --data Data --doc docs/accuracy.md
	$(RELEASE_BIN)/metrotimer-lab truth --feed $$(sh scripts/fetch-sample-feeds.sh)/nyc_subway_gtfs.zip --doc docs/accuracy.md
	$(RELEASE_BIN)/metrotimer-lab world --feed $$(sh scripts/fetch-sample-feeds.sh)/nyc_subway_gtfs.zip --doc docs/accuracy.md
