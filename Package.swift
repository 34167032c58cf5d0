// swift-tools-version:6.0
// metrotimer: a ride countdown for the Kyiv metro that buzzes before your stop.
//
// The folders show the architecture:
//   MetroModel    pure trip model (model §1–§12): no I/O, no clock reads
//   MetroEngine   the single owner of trip state, behind small protocols for every seam
//   MetroControl  the control-socket protocol shared by the daemon and the command line
//   MetroSystem   thin honest wrappers over Linux: fds, epoll, timerfd, signalfd, sockets, sqlite3, sd_notify
//   MetroGPIO     libgpiod 1.6 wrapper (button and motor)
//   MetroGPS      libgps wrapper (gpsd fixes)
//   MetroDaemon   adapters + event loop wiring of metrotimerd
//   MetroCLI      the metrotimer command line
//   C*            the tiny C targets exposing exactly what Swift cannot see
import PackageDescription

let package = Package(
    name: "metrotimer",
    products: [
        .executable(name: "metrotimerd", targets: ["metrotimerd"]),
        .executable(name: "metrotimer", targets: ["metrotimer"]),
        .executable(name: "metrotimer-hwcheck", targets: ["metrotimer-hwcheck"]),
    ],
    targets: [
        // Pure model.
        .target(name: "MetroModel"),
        .target(name: "MetroEngine", dependencies: ["MetroModel"]),
        .target(name: "MetroControl", dependencies: ["MetroModel", "MetroEngine"]),

        // C seams.
        .target(name: "CLinuxShim"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CGpiod", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),

        // Adapters over the real system.
        .target(name: "MetroSystem", dependencies: ["CLinuxShim", "CSQLite"]),
        .target(name: "MetroGPIO", dependencies: ["CGpiod", "MetroSystem"]),
        .target(name: "MetroGPS", dependencies: ["CGPS", "MetroSystem"]),
        .target(name: "MetroDaemon", dependencies: [
            "MetroModel", "MetroEngine", "MetroControl", "MetroSystem", "MetroGPIO", "MetroGPS",
        ]),
        .target(name: "MetroCLI", dependencies: ["MetroModel", "MetroControl", "MetroSystem"]),

        // Programs.
        .executableTarget(name: "metrotimerd", dependencies: ["MetroDaemon", "MetroSystem"]),
        .executableTarget(name: "metrotimer", dependencies: ["MetroCLI"]),
        .executableTarget(name: "metrotimer-hwcheck", dependencies: ["MetroGPIO", "MetroSystem", "CLinuxShim"]),
        .executableTarget(name: "metrotimer-bench", dependencies: ["MetroSystem"]),
        .executableTarget(name: "metrotimer-modelbench", dependencies: ["MetroModel"]),

        // Tests.
        // A real gpsd fed NMEA on loopback, shared by the GPS wrapper's and the daemon's tests.
        .target(name: "GPSTestSupport", dependencies: ["MetroGPS"], path: "Tests/GPSTestSupport"),
        .testTarget(name: "MetroModelTests", dependencies: ["MetroModel"]),
        .testTarget(name: "MetroEngineTests", dependencies: ["MetroEngine", "MetroModel"]),
        .testTarget(name: "MetroSystemTests", dependencies: ["MetroSystem", "CLinuxShim"]),
        .testTarget(name: "MetroGPSTests", dependencies: ["MetroGPS", "MetroSystem", "GPSTestSupport"]),
        .testTarget(name: "MetroGPIOTests", dependencies: ["MetroGPIO", "MetroSystem"]),
        .testTarget(name: "MetroDaemonTests", dependencies: ["MetroDaemon", "MetroControl", "MetroCLI", "MetroSystem",
                                                            "GPSTestSupport"]),
        .testTarget(name: "MetroCLITests", dependencies: ["MetroCLI", "MetroModel"]),
    ]
)
