/// The bytes that give CSV its shape.
enum ASCII {
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let quote: UInt8 = 0x22
    static let comma: UInt8 = 0x2C
}
