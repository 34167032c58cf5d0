import MetroGPIO
import MetroSystem

/// The real board: the button line(s) as both-edge events and the motor as an output, through libgpiod.
/// Kernel edge timestamps (CLOCK_MONOTONIC in libgpiod 1.6) are converted to the boot-time clock.
final class GPIOBoard: Motor {
    private let chip: GPIOChip
    private let buttons: [(number: Int, line: ButtonLine)]
    private let motorLine: MotorLine
    private let log: Logger
    private var lastLevel: [Int: Bool] = [:]
    private(set) var fault: String?

    init(config: DaemonConfig, log: Logger) throws {
        self.log = log
        let chip: GPIOChip
        do {
            chip = try GPIOChip.open(config.gpioChip)
        } catch { throw DaemonStartError("gpio_chip = '\(config.gpioChip)': \(error)") }
        self.chip = chip
        func line(_ key: String, _ spec: String) throws -> UInt32 {
            do { return try chip.findLine(spec) } catch { throw DaemonStartError("\(key) = '\(spec)': \(error)") }
        }
        let bias: LineBias
        switch config.buttonBias {
        case .pullUp: bias = .pullUp
        case .pullDown: bias = .pullDown
        case .disabled: bias = .disabled
        case .asIs: bias = .asIs
        }
        let buttonOffset = try line("button_line", config.buttonLine)
        let motorOffset = try line("motor_line", config.motorLine)
        do {
            motorLine = try MotorLine(chip: chip, offset: motorOffset, activeLow: config.motorActive == .low)
        } catch { throw DaemonStartError("motor_line = '\(config.motorLine)': \(error)") }
        var buttons: [(number: Int, line: ButtonLine)] = []
        do {
            buttons.append((1, try ButtonLine(chip: chip, offset: buttonOffset, bias: bias, activeLow: config.buttonActive == .low)))
        } catch { throw DaemonStartError("button_line = '\(config.buttonLine)': \(error)") }
        if let second = config.button2Line {
            let offset = try line("button2_line", second)
            do {
                buttons.append((2, try ButtonLine(chip: chip, offset: offset, bias: bias, activeLow: config.buttonActive == .low)))
            } catch { throw DaemonStartError("button2_line = '\(second)': \(error)") }
        }
        self.buttons = buttons
    }

    func register(on loop: EventLoop, device: DeviceController) throws {
        for (number, line) in buttons {
            _ = try loop.register(fd: line.fd, events: .readable) { [weak self, weak device] _ in
                guard let self, let device else { return }
                self.readEdges(number: number, line: line, device: device)
            }
        }
    }

    private func readEdges(number: Int, line: ButtonLine, device: DeviceController) {
        let edges: [ButtonEdge]
        do { edges = try line.readEvents() } catch {
            fault = "gpio: reading button \(number): \(error)"
            log.error(fault!)
            return
        }
        let conversion = MonotonicToBoottime.sampleNow()
        for edge in edges {
            // Two edges merged by the kernel report the same level twice: keep the first.
            if lastLevel[number] == edge.pressed { continue }
            lastLevel[number] = edge.pressed
            device.edge(button: number, pressed: edge.pressed, boottime: conversion.boottime(fromMonotonic: edge.kernelTimestampNs))
        }
    }

    func set(on: Bool) {
        do { try motorLine.set(on: on) } catch {
            fault = "gpio: motor: \(error)"
            log.error(fault!)
        }
    }

    func release() { motorLine.release() }

    func releaseAll() {
        motorLine.release()
        for (_, line) in buttons { line.release() }
    }
}
