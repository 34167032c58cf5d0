/// How one channel is stored in an IIO buffer's scan: what its `scan_elements/*_type` file says, e.g.
/// `le:s12/16>>4` (little-endian, signed, 12 meaningful bits in 16 stored, shifted left by 4) or `be:u32/32X2>>0`.
public struct ScanType: Equatable, Sendable {
    /// Big-endian (`be`) or little-endian (`le`) storage.
    public var bigEndian: Bool
    /// Signed (`s`, two's complement) or unsigned (`u`).
    public var signed: Bool
    /// Meaningful bits (after the shift).
    public var realBits: Int
    /// Bits stored per value: 8, 16, 32 or 64.
    public var storageBits: Int
    /// How many values of this channel follow each other (`X2`); 1 without the suffix.
    public var repeatCount: Int
    /// The value's lowest bit within the stored word.
    public var shift: Int

    /// The bytes one value takes, and its alignment within the scan.
    public var storageBytes: Int { storageBits / 8 }

    /// Parses a `_type` file's text (trailing whitespace ignored). Nil for anything malformed or out of range:
    /// the caller names the file.
    public init?(_ text: String) {
        let text = text.trimmingTrailingWhitespace()
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == "le" || parts[0] == "be" else { return nil }
        bigEndian = parts[0] == "be"
        var rest = Substring(parts[1])
        guard let sign = rest.first, sign == "s" || sign == "u" else { return nil }
        signed = sign == "s"
        rest = rest.dropFirst()
        guard let slash = rest.firstIndex(of: "/"), let real = Int(rest[..<slash]) else { return nil }
        rest = rest[rest.index(after: slash)...]
        let shiftParts = rest.split(separator: ">", omittingEmptySubsequences: false)
        guard shiftParts.count == 3, shiftParts[1].isEmpty, let shift = Int(shiftParts[2]) else { return nil }
        let storage = shiftParts[0]
        if let x = storage.firstIndex(of: "X") {
            guard let bits = Int(storage[..<x]), let count = Int(storage[storage.index(after: x)...]) else { return nil }
            storageBits = bits
            repeatCount = count
        } else {
            guard let bits = Int(storage) else { return nil }
            storageBits = bits
            repeatCount = 1
        }
        realBits = real
        self.shift = shift
        guard [8, 16, 32, 64].contains(storageBits), (1...storageBits).contains(realBits), (0..<storageBits).contains(shift),
              shift + realBits <= storageBits, (1...16).contains(repeatCount)
        else { return nil }
    }

    /// The value stored in `bytes` (exactly `storageBytes` of them): the word in its byte order, shifted down,
    /// masked to its bits, sign-extended when signed.
    public func value(of bytes: some Collection<UInt8>) -> Int64 {
        var word: UInt64 = 0
        for byte in bigEndian ? Array(bytes) : bytes.reversed() { word = word << 8 | UInt64(byte) }
        word >>= UInt64(shift)
        let mask: UInt64 = realBits == 64 ? .max : (1 << UInt64(realBits)) - 1
        word &= mask
        if signed, realBits < 64, word & (1 << UInt64(realBits - 1)) != 0 { word |= ~mask }
        return Int64(bitPattern: word)
    }
}

extension String {
    func trimmingTrailingWhitespace() -> String {
        var text = Substring(self)
        while let last = text.last, last == " " || last == "\n" || last == "\t" || last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
