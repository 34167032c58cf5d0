/// Where a board's button adapter delivers edges: the device controller in the daemon, a recording double in
/// tests. Edges carry their kernel timestamp on the boot-time clock.
protocol ButtonEdgeSink: AnyObject {
    /// One edge of button `button` (1, or 2 for the second), pressed or released at `boottime` (ns).
    func edge(button: Int, pressed: Bool, boottime: Int64)
    /// The button's source lost events or went away: a press in progress will never see its release.
    func buttonLost(_ button: Int)
}

extension DeviceController: ButtonEdgeSink {}
