import MetroControl
import MetroModel

/// The rider's device from the command line: acknowledging a buzz, and pressing the simulated board's buttons.
struct DeviceRequests {
    let device: DeviceController
    let hardware: Hardware

    /// Says whether anything was buzzing, so `metrotimer ack` can tell the rider what happened.
    func acknowledge(_ context: RequestContext) -> String {
        let wasBuzzing = device.isAlertBuzzing
        device.acknowledgeAlert()
        return ControlReply.ok([.status: JSONValue(encoding: context.status()), .acknowledged: .bool(wasBuzzing)])
    }

    func press(holdMilliseconds hold: Int, button: Int, _ context: RequestContext) -> String {
        guard let simulated = hardware.simulatedButtons else { return DaemonRefusal.notSimulated.reply(context.language) }
        if button == 2 && !simulated.hasSecondButton { return DaemonRefusal.noSecondButton.reply(context.language) }
        simulated.press(button: button, holdMilliseconds: hold)
        return ControlReply.ok([.pressed: .object(["button": .number(Double(button)), "hold_ms": .number(Double(hold))])])
    }
}
