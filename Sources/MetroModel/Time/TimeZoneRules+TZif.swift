extension TimeZoneRules {
    /// Reads a compiled tz database file (TZif, RFC 8536, versions 1 to 4) from its bytes.
    ///
    /// A version 2+ file's first, 32-bit block is only skipped (RFC 8536 §4: readers use the 64-bit one); its
    /// header is still checked, since its counts say where the 64-bit block begins. Every count is checked
    /// against the bytes present before anything is read, every index against what it indexes, so a damaged or
    /// hostile file is an error, never a trap. Bytes after the footer are ignored: the format allows later
    /// versions to append data.
    public init(tzif bytes: some Collection<UInt8>) throws(TimeZoneFileError) {
        let data = Array(bytes)
        var cursor = TZifCursor(data: data)
        let first = try cursor.header()
        guard first.version >= 2 else {
            let block = try cursor.block(first, timeSize: 4)
            self.init(transitions: block.transitions, typeIndices: block.typeIndices, types: block.types, footer: nil)
            return
        }
        try cursor.skipBlock(first, timeSize: 4)
        let second = try cursor.header()
        guard second.version == first.version else { throw .secondHeaderDiffers }
        let block = try cursor.block(second, timeSize: 8)
        let footerText = try cursor.footer()
        var footer: PosixTimeZoneRule?
        if !footerText.isEmpty {
            do { footer = try PosixTimeZoneRule(parsing: footerText) } catch { throw .badFooter(error) }
        }
        self.init(transitions: block.transitions, typeIndices: block.typeIndices, types: block.types, footer: footer)
    }
}

/// The six counts of a TZif header, and its version (0 for version 1, else 2, 3, 4).
struct TZifHeader {
    let version: Int
    let utIndicatorCount: Int
    let standardIndicatorCount: Int
    let leapCount: Int
    let transitionCount: Int
    let typeCount: Int
    let abbreviationByteCount: Int

    /// The bytes of the data block that follows, or nil past what any file could hold. Counts are at most
    /// 2³²−1, so the sum fits an Int64 with room to spare; it is still computed without a trapping operator.
    func blockLength(timeSize: Int) -> Int? {
        let parts: [(count: Int, size: Int)] = [
            (transitionCount, timeSize + 1), (typeCount, 6), (abbreviationByteCount, 1),
            (leapCount, timeSize + 4), (standardIndicatorCount, 1), (utIndicatorCount, 1),
        ]
        var total = 0
        for part in parts {
            let (product, productOverflow) = part.count.multipliedReportingOverflow(by: part.size)
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            if productOverflow || sumOverflow { return nil }
            total = sum
        }
        return total
    }
}

/// What a data block gives the rules.
struct TZifBlock {
    let transitions: [Int64]
    let typeIndices: [Int]
    let types: [LocalTimeType]
}

/// A cursor over a TZif file's bytes that reads nothing it has not first checked is there.
struct TZifCursor {
    let data: [UInt8]
    private(set) var position = 0

    init(data: [UInt8]) { self.data = data }

    /// RFC 8536's realistic offsets: more than −25 h and less than 26 h.
    static let offsetRange = -89_999...93_599

    /// Fails unless `count` more bytes are present.
    func require(_ count: Int) throws(TimeZoneFileError) {
        let (end, overflow) = position.addingReportingOverflow(count)
        if overflow || end > data.count { throw .truncated(needed: overflow ? Int.max : end, available: data.count) }
    }

    mutating func header() throws(TimeZoneFileError) -> TZifHeader {
        try require(44)
        guard data[position..<position + 4].elementsEqual("TZif".utf8) else { throw .badMagic }
        let versionByte = data[position + 4]
        let version: Int
        switch versionByte {
        case 0: version = 0
        case UInt8(ascii: "2")...UInt8(ascii: "4"): version = Int(versionByte - UInt8(ascii: "0"))
        default: throw .unknownVersion(versionByte)
        }
        position += 20  // magic, version, 15 reserved bytes
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(readUInt32())) }
        let header = TZifHeader(version: version, utIndicatorCount: counts[0], standardIndicatorCount: counts[1],
                                leapCount: counts[2], transitionCount: counts[3], typeCount: counts[4],
                                abbreviationByteCount: counts[5])
        guard header.typeCount > 0 else { throw .noLocalTimeTypes }
        guard [0, header.typeCount].contains(header.utIndicatorCount),
              [0, header.typeCount].contains(header.standardIndicatorCount)
        else { throw .indicatorCountMismatch }
        return header
    }

    mutating func skipBlock(_ header: TZifHeader, timeSize: Int) throws(TimeZoneFileError) {
        guard let length = header.blockLength(timeSize: timeSize) else {
            throw .truncated(needed: Int.max, available: data.count)
        }
        try require(length)
        position += length
    }

    mutating func block(_ header: TZifHeader, timeSize: Int) throws(TimeZoneFileError) -> TZifBlock {
        guard let length = header.blockLength(timeSize: timeSize) else {
            throw .truncated(needed: Int.max, available: data.count)
        }
        try require(length)
        guard header.leapCount == 0 else { throw .leapSeconds }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.transitionCount)
        for index in 0..<header.transitionCount {
            let time = timeSize == 8 ? readInt64() : Int64(Int32(bitPattern: readUInt32()))
            if let previous = transitions.last, time <= previous { throw .transitionsNotAscending(index: index) }
            transitions.append(time)
        }
        var typeIndices: [Int] = []
        typeIndices.reserveCapacity(header.transitionCount)
        for index in 0..<header.transitionCount {
            let type = Int(data[position])
            position += 1
            guard type < header.typeCount else { throw .typeIndexOutOfRange(index: index, type: type) }
            typeIndices.append(type)
        }
        var rawTypes: [(offset: Int, isDST: Bool, abbreviationIndex: Int)] = []
        for type in 0..<header.typeCount {
            let offset = Int(Int32(bitPattern: readUInt32()))
            let dstByte = data[position]
            let abbreviationIndex = Int(data[position + 1])
            position += 2
            guard Self.offsetRange.contains(offset) else { throw .offsetOutOfRange(type: type, seconds: offset) }
            guard dstByte <= 1 else { throw .badBoolean }
            rawTypes.append((offset, dstByte == 1, abbreviationIndex))
        }
        let abbreviationBytes = data[position..<position + header.abbreviationByteCount]
        position += header.abbreviationByteCount
        var types: [LocalTimeType] = []
        for (type, raw) in rawTypes.enumerated() {
            let start = abbreviationBytes.startIndex + raw.abbreviationIndex
            guard raw.abbreviationIndex < abbreviationBytes.count,
                  let end = abbreviationBytes[start...].firstIndex(of: 0)
            else { throw .badAbbreviation(type: type) }
            types.append(LocalTimeType(utcOffsetSeconds: raw.offset, isDaylightSaving: raw.isDST,
                                       abbreviation: String(decoding: abbreviationBytes[start..<end], as: UTF8.self)))
        }
        // The indicators matter only to a TZ string without rules, which a footer never is; checked, not kept.
        let indicators = data[position..<position + header.standardIndicatorCount + header.utIndicatorCount]
        guard indicators.allSatisfy({ $0 <= 1 }) else { throw .badBoolean }
        position += indicators.count
        return TZifBlock(transitions: transitions, typeIndices: typeIndices, types: types)
    }

    /// The TZ string between the two newlines after the 64-bit block (empty is allowed: no rule).
    mutating func footer() throws(TimeZoneFileError) -> ArraySlice<UInt8> {
        guard position < data.count, data[position] == 0x0A else { throw .missingFooter }
        let start = position + 1
        guard let end = data[start...].firstIndex(of: 0x0A) else { throw .missingFooter }
        position = end + 1
        return data[start..<end]
    }

    mutating func readUInt32() -> UInt32 {
        var value: UInt32 = 0
        for byte in data[position..<position + 4] { value = value << 8 | UInt32(byte) }
        position += 4
        return value
    }

    mutating func readInt64() -> Int64 {
        var value: UInt64 = 0
        for byte in data[position..<position + 8] { value = value << 8 | UInt64(byte) }
        position += 8
        return Int64(bitPattern: value)
    }
}
