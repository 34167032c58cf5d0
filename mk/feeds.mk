# The real GTFS feed the import tests read (MTA New York City Transit's routes 1 and 2, from the source of the
# Python package gtfs-kit 13.0.1 on PyPI), fetched once into the test cache and checked by its sha256
# (scripts/fetch-sample-feeds.sh). The Swift tests find it there, or where METROTIMER_SAMPLE_FEEDS points.
.PHONY: sample-feeds
sample-feeds:
	sh scripts/fetch-sample-feeds.sh >/dev/null

test-swift: sample-feeds
