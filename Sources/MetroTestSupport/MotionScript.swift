import Foundation
import MetroModel

/// A scripted accelerometer trace for tests: stretches of standing, walking and train runs laid end to end, read by
/// a phone in a fixed orientation, with sensor noise from a seeded generator. Plainer than the lab's motion world
/// (`MetroLab`): each test says exactly what happens when.
public struct MotionScript: Sendable {
    /// One stretch of the script.
    public enum Piece: Sendable {
        /// Standing (on a platform, or in a train at a stand), with this vibration (m/s² per axis).
        case still(seconds: Double, vibration: Double = 0.03)
        /// Walking: step impacts at about 2 Hz.
        case walk(seconds: Double)
        /// A train run of this length: pulls away at `pullAway` m/s² for `rampSeconds`, cruises with running
        /// vibration, brakes at `braking` for `rampSeconds` to a stand at its end.
        case run(seconds: Double, pullAway: Double = 1.0, braking: Double = 1.0, rampSeconds: Double = 18)
        /// A moving platform, an escalator or a car: running vibration without a pull-away.
        case shaking(seconds: Double, vibration: Double = 0.15)

        public var seconds: Double {
            switch self {
            case .still(let s, _), .walk(let s), .run(let s, _, _, _), .shaking(let s, _): return s
            }
        }
    }

    public var pieces: [Piece]
    /// Samples per second.
    public var rate: Double
    /// The phone's orientation: a rotation matrix (row-major) from (along the track, across, up) to its axes.
    public var rotation: [Double]
    public var seed: UInt64

    public init(_ pieces: [Piece], rate: Double = 50, rotation: [Double] = MotionScript.flat, seed: UInt64 = 1) {
        self.pieces = pieces
        self.rate = rate
        self.rotation = rotation
        self.seed = seed
    }

    /// A phone lying flat, its x axis along the track.
    public static let flat: [Double] = [1, 0, 0, 0, 1, 0, 0, 0, 1]
    /// A phone upright in a trouser pocket, turned and tilted: no axis lines up with the train's.
    public static let pocket: [Double] = {
        // Rotations of 35° about x, then 120° about z, then 70° about y.
        func rx(_ a: Double) -> [Double] { [1, 0, 0, 0, cos(a), -sin(a), 0, sin(a), cos(a)] }
        func ry(_ a: Double) -> [Double] { [cos(a), 0, sin(a), 0, 1, 0, -sin(a), 0, cos(a)] }
        func rz(_ a: Double) -> [Double] { [cos(a), -sin(a), 0, sin(a), cos(a), 0, 0, 0, 1] }
        func times(_ a: [Double], _ b: [Double]) -> [Double] {
            var out = [Double](repeating: 0, count: 9)
            for i in 0..<9 {
                let row = (i / 3) * 3, column = i % 3
                var sum = 0.0
                for k in 0..<3 { sum += a[row + k] * b[k * 3 + column] }
                out[i] = sum
            }
            return out
        }
        return times(ry(70 * Double.pi / 180), times(rz(120 * Double.pi / 180), rx(35 * Double.pi / 180)))
    }()

    /// Seconds from the start to the end of piece `index` (exclusive of later pieces).
    public func end(of index: Int) -> Double { pieces.prefix(index + 1).reduce(0) { $0 + $1.seconds } }

    /// The samples, the first at `start`.
    public func samples(from start: Instant) -> [AccelerationSample] {
        var random = SplitMix64(seed: seed)
        var out: [AccelerationSample] = []
        var offset = 0.0
        let step = 1 / rate
        for piece in pieces {
            let count = Int((piece.seconds * rate).rounded())
            for n in 0..<count {
                let u = Double(n) * step
                var along = 0.0, up = 9.81
                var vibration = 0.02
                switch piece {
                case .still(_, let v):
                    vibration = v
                case .walk:
                    let w = 2 * Double.pi * 1.9 * u
                    up += 2.5 * (cos(w) + 0.5 * cos(2 * w))
                    along += sin(w)
                    vibration = 0.2
                case .run(let s, let a, let b, let ramp):
                    if u < ramp { along = a } else if u > s - ramp { along = -b }
                    vibration = 0.2
                case .shaking(_, let v):
                    vibration = v
                }
                let x = along + random.normal() * vibration * 0.5
                let y = random.normal() * vibration * 0.7
                let z = up + random.normal() * vibration
                let r = rotation
                let t = offset + u
                out.append(AccelerationSample(at: Instant(nanoseconds: start.nanoseconds + Int64((t * 1e9).rounded())),
                                              x: r[0] * x + r[1] * y + r[2] * z, y: r[3] * x + r[4] * y + r[5] * z,
                                              z: r[6] * x + r[7] * y + r[8] * z))
            }
            offset += piece.seconds
        }
        return out
    }

    /// The samples in one-second batches, as the daemon hands them over.
    public func batches(from start: Instant) -> [[AccelerationSample]] {
        let all = samples(from: start)
        let size = max(Int(rate.rounded()), 1)
        return stride(from: 0, to: all.count, by: size).map { Array(all[$0..<min($0 + size, all.count)]) }
    }
}
