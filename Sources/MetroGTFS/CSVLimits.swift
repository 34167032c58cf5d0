/// How many bytes one field and one row may take before the reader refuses the file.
///
/// A feed comes from outside the project, so its size is not trusted: without a cap, one unterminated quote or
/// one endless line would make the reader hold the whole file in memory. The caps bound what a row can cost,
/// whatever the file's size.
public struct CSVLimits: Sendable, Equatable {
    /// The most bytes one field may hold once its quotes are undone. Real GTFS fields are short: the longest are
    /// descriptions and URLs of a few hundred bytes.
    public var maximumFieldBytes: Int
    /// The most bytes one row may take in the file, quotes and commas included, its line end not. Real rows are
    /// well under a kilobyte.
    public var maximumRowBytes: Int

    /// 64 KiB a field, 1 MiB a row: far above any real feed, yet a row never costs more than a few MiB.
    public static let standard = CSVLimits(maximumFieldBytes: 64 * 1024, maximumRowBytes: 1024 * 1024)

    public init(maximumFieldBytes: Int, maximumRowBytes: Int) {
        self.maximumFieldBytes = maximumFieldBytes
        self.maximumRowBytes = maximumRowBytes
    }
}
