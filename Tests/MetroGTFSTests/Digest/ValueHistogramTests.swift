import Testing
import MetroGTFS

@Suite struct ValueHistogramTests {
    @Test func percentilesAreNearestRankOverSeenValues() {
        var histogram = ValueHistogram()
        for value in [90, 100, 100, 110, 300] { histogram.add(value) }
        #expect(histogram.total == 5)
        #expect(histogram.median == 100)
        #expect(histogram.percentile(0.2) == 90)
        #expect(histogram.percentile(0.8) == 110)
        #expect(histogram.percentile(1.0) == 300)
        #expect(histogram.minimum == 90)
        #expect(histogram.maximum == 300)
    }

    @Test func anEvenCountTakesTheLowerMedianAndAnEmptyOneHasNone() {
        var histogram = ValueHistogram()
        #expect(histogram.median == nil)
        histogram.add(10, times: 2)
        histogram.add(20, times: 2)
        #expect(histogram.median == 10)
    }

    @Test func mergingAddsCounts() {
        var a = ValueHistogram(), b = ValueHistogram()
        a.add(5); b.add(5); b.add(7)
        a.merge(b)
        #expect(a.counts == [5: 2, 7: 1])
        #expect(a.total == 3)
    }
}
