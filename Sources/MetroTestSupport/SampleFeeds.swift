import Foundation

/// Where the real GTFS feeds the tests ride are found: `make sample-feeds` (scripts/fetch-sample-feeds.sh) fetches
/// them into the test cache, and `METROTIMER_SAMPLE_FEEDS` points elsewhere (a packaging build, a second checkout).
/// Written once so every suite that needs a feed looks in the same place the Makefile puts it.
public enum SampleFeeds {
    /// The folder holding the sample feeds: `METROTIMER_SAMPLE_FEEDS`, else `feeds` in the test cache
    /// (`METROTIMER_TEST_CACHE`, else /var/cache/metrotimer-test).
    public static var folder: String {
        let environment = ProcessInfo.processInfo.environment
        return environment["METROTIMER_SAMPLE_FEEDS"]
            ?? ((environment["METROTIMER_TEST_CACHE"] ?? "/var/cache/metrotimer-test") + "/feeds")
    }

    /// MTA New York City Transit's routes 1 and 2 (docs/data.md): the feed the import and the lab's world are
    /// written for.
    public static var newYorkSubway: String { folder + "/nyc_subway_gtfs.zip" }
}
