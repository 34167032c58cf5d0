import MetroInput

/// Turns what a key device read brought into button edges for the device: the key codes become button numbers
/// (`button_key` is 1, `button2_key` is 2), an edge that repeats the level last delivered is dropped (two kernel
/// events merged, or a level already known), and a `SYN_DROPPED` makes the device forget any press in progress and
/// take the next edge of each key as a fresh start. Debouncing stays the gesture decoder's job, as for GPIO.
struct KeyEdgeRouter {
    /// Button number per key code.
    let numbers: [UInt16: Int]
    /// The level last delivered per button; nil when unknown (after a drop).
    private(set) var lastLevel: [Int: Bool] = [:]

    init(numbers: [UInt16: Int]) {
        self.numbers = numbers
    }

    /// Starts from the keys' levels now (read when the device is opened).
    mutating func start(levels: [Int: Bool]) { lastLevel = levels }

    /// Delivers `read` to `sink`; returns the edges dropped as repeats, for the debug log.
    @discardableResult
    mutating func route(_ read: KeyRead, to sink: ButtonEdgeSink?) -> [KeyEdge] {
        if read.dropped {
            for number in numbers.values.sorted() {
                sink?.buttonLost(number)
                lastLevel[number] = nil
            }
        }
        var repeats: [KeyEdge] = []
        for edge in read.edges {
            guard let number = numbers[edge.code] else { continue }
            if lastLevel[number] == edge.pressed {
                repeats.append(edge)
                continue
            }
            lastLevel[number] = edge.pressed
            sink?.edge(button: number, pressed: edge.pressed, boottime: edge.boottimeNs)
        }
        return repeats
    }
}
