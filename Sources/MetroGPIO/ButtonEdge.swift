/// One edge of a button line, as the kernel saw it.
public struct ButtonEdge: Sendable, Equatable {
    /// The logical level after the edge: `true` when the button is now pressed (active-low already applied).
    public var pressed: Bool
    /// When the kernel's interrupt handler saw the edge, in nanoseconds on `CLOCK_MONOTONIC` — the clock
    /// both libgpiod generations stamp events with by default (the v1 ABI knows no other). Convert with `MonotonicToBoottime`.
    public var kernelTimestampNs: Int64

    /// Creates an edge from its parts.
    public init(pressed: Bool, kernelTimestampNs: Int64) {
        self.pressed = pressed
        self.kernelTimestampNs = kernelTimestampNs
    }
}
