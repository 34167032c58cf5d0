import Testing
@testable import MetroIIO

@Suite("IIO scan element types and layouts")
struct ScanTypeTests {
    @Test func typesAsTheKernelWritesThem() throws {
        let accel = try #require(ScanType("le:s32/32>>0\n"))
        #expect(accel == ScanType(bigEndianForTest: false, signed: true, realBits: 32, storageBits: 32, repeatCount: 1, shift: 0))
        let packed = try #require(ScanType("be:s12/16>>4"))
        #expect(packed.bigEndian && packed.signed && packed.realBits == 12 && packed.storageBits == 16 && packed.shift == 4)
        let repeated = try #require(ScanType("le:u16/16X3>>0"))
        #expect(repeated.repeatCount == 3 && !repeated.signed)
    }

    @Test(arguments: ["", "le", "xe:s32/32>>0", "le:q32/32>>0", "le:s33/32>>0", "le:s32/24>>0", "le:s12/16>>8",
                      "le:s12/16>4", "le:s12/16>>", "le:s0/16>>0", "le:s16/16X0>>0", "le:s/16>>0"])
    func malformedTypesAreRefused(_ text: String) {
        #expect(ScanType(text) == nil, "\(text)")
    }

    @Test func valuesAreShiftedMaskedAndSignExtended() throws {
        // 12 bits in 16, shifted left by 4, big-endian: -3 is 0xFFD0.
        let packed = try #require(ScanType("be:s12/16>>4"))
        #expect(packed.value(of: [0xFF, 0xD0]) == -3)
        #expect(packed.value(of: [0x7F, 0xF0]) == 2047)
        let little = try #require(ScanType("le:s32/32>>0"))
        #expect(little.value(of: [0x18, 0xFC, 0xFF, 0xFF]) == -1000)
        let unsigned = try #require(ScanType("le:u16/16>>0"))
        #expect(unsigned.value(of: [0xFF, 0xFF]) == 65535)
        let time = try #require(ScanType("le:s64/64>>0"))
        #expect(time.value(of: [1, 0, 0, 0, 0, 0, 0, 0x80]) == Int64.min + 1)
    }

    @Test func theLayoutAlignsEachValueAndPadsTheScan() throws {
        let s16 = try #require(ScanType("le:s16/16>>0")), s64 = try #require(ScanType("le:s64/64>>0"))
        // Three 16-bit axes then the timestamp (indices out of order on purpose): 0, 2, 4, then 8; 16 bytes a scan.
        let layout = try #require(ScanLayout([("in_timestamp", 3, s64), ("in_accel_y", 1, s16), ("in_accel_x", 0, s16),
                                              ("in_accel_z", 2, s16)]))
        #expect(layout.channels.map(\.name) == ["in_accel_x", "in_accel_y", "in_accel_z", "in_timestamp"])
        #expect(layout.channels.map(\.offset) == [0, 2, 4, 8])
        #expect(layout.scanBytes == 16)
        // The uhid accelerometer's: three 32-bit axes and the timestamp, 24 bytes.
        let s32 = try #require(ScanType("le:s32/32>>0"))
        let hid = try #require(ScanLayout([("in_accel_x", 0, s32), ("in_accel_y", 1, s32), ("in_accel_z", 2, s32),
                                           ("in_timestamp", 3, s64)]))
        #expect(hid.channels.map(\.offset) == [0, 4, 8, 16] && hid.scanBytes == 24)
        #expect(ScanLayout([("a", 0, s16), ("b", 0, s16)]) == nil, "two channels with one index")
    }
}

extension ScanType {
    init(bigEndianForTest: Bool, signed: Bool, realBits: Int, storageBits: Int, repeatCount: Int, shift: Int) {
        self = ScanType("\(bigEndianForTest ? "be" : "le"):\(signed ? "s" : "u")\(realBits)/\(storageBits)\(repeatCount > 1 ? "X\(repeatCount)" : "")>>\(shift)")!
    }
}
