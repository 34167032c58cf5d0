import Foundation

/// SplitMix64 (Steele, Lea and Flood): a small deterministic generator, so a sweep or a lab corpus draws the same
/// sample on every run and a result can be reproduced from its seed.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix64 {
    /// A uniform draw in [0, 1) from the top 53 bits (every value equally likely, never 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// A uniform draw in [low, high).
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A standard normal draw (Box–Muller; the second value is dropped to keep the generator's state a single word).
    public mutating func normal() -> Double {
        let u = 1 - unit()  // (0, 1]: log never sees 0
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * unit())
    }

    /// An independent generator for one item of a corpus: the same (seed, stream) always gives the same draws,
    /// whichever thread runs the item and in whatever order.
    public static func stream(seed: UInt64, _ parts: UInt64...) -> SplitMix64 {
        var mixer = SplitMix64(seed: seed)
        var state = mixer.next()
        for part in parts {
            var step = SplitMix64(seed: state ^ (part &* 0xD1B5_4A32_D192_ED03))
            state = step.next()
        }
        return SplitMix64(seed: state)
    }
}
