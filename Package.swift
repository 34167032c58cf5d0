// swift-tools-version:6.0
// metrotimer: a ride countdown for the Kyiv metro that buzzes before your stop.
//
// The folders show the architecture:
//   MetroModel    pure trip model (model §1–§12): no I/O, no clock reads
//   MetroEngine   the single owner of trip state, behind small protocols for every seam
//   MetroControl  the control-socket protocol shared by the daemon and the command line
//   MetroSystem   thin honest wrappers over Linux: fds, epoll, timerfd, signalfd, sockets, sd_notify
//   MetroSQLite   sqlite3 wrapper (the daemon's durable state), apart so what needs no database does not link it
//   MetroGPIO     libgpiod wrapper (button and motor), over CGpioShim: libgpiod 1.6 or 2.x, whichever is installed
//   MetroGPS      libgps wrapper (gpsd fixes)
//   MetroInput    evdev wrapper (a phone's keys as buttons, its force-feedback vibrator as the motor), over CInputShim
//   MetroIIO      IIO wrapper (an accelerometer's buffer: sysfs attributes and /dev/iio:deviceN)
//   MetroDaemon   adapters + event loop wiring of metrotimerd
//   MetroCLI      the metrotimer command line
//   MetroTestSupport  what the tests and the lab share: a recording double of every engine seam, the virtual
//                 clock that steps an engine through model time, a seeded random generator, where the sample feeds are
//   MetroLab      the accuracy lab: true rides drawn from a world model, run through the engine on a virtual clock
//   MetroGTFS     reading GTFS feeds (any metro's timetable): CSV, records, digest, import; no I/O, no clock reads
//   MetroZip      libzip wrapper: a zip archive's members read as streams, with limits
//   MetroGTFSFiles  a feed's files from a .zip or a folder, handed to MetroGTFS
//   C*            the tiny C targets exposing exactly what Swift cannot see
import PackageDescription

let package = Package(
    name: "metrotimer",
    products: [
        .executable(name: "metrotimerd", targets: ["metrotimerd"]),
        .executable(name: "metrotimer", targets: ["metrotimer"]),
        .executable(name: "metrotimer-hwcheck", targets: ["metrotimer-hwcheck"]),
        .executable(name: "metrotimer-lab", targets: ["metrotimer-lab"]),
    ],
    targets: [
        // Pure model.
        .target(name: "MetroModel"),
        .target(name: "MetroEngine", dependencies: ["MetroModel"]),
        .target(name: "MetroControl", dependencies: ["MetroModel"]),
        // GTFS feeds, read from bytes: pure like the model, whose `Phrase` words its errors.
        .target(name: "MetroGTFS", dependencies: ["MetroModel"]),
        // What the tests and the accuracy lab share: a recording double of every engine seam, the virtual clock that
        // steps an engine through model time, a seeded generator. The lab is a simulation: it drives the engine
        // with the same doubles the engine tests do.
        .target(name: "MetroTestSupport", dependencies: ["MetroModel", "MetroEngine"]),
        // The accuracy lab: the engine on the doubles and the virtual clock, a world model of true rides, figures;
        // it reads journals in the control contract's format.
        .target(name: "MetroLab", dependencies: ["MetroModel", "MetroEngine", "MetroTestSupport", "MetroControl", "MetroGTFS", "MetroGTFSFiles", "MetroSystem"]),

        // C seams.
        .target(name: "CLinuxShim"),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CGpiod", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        // One C API over both libgpiod generations; the installed <gpiod.h> picks the backend file. It names
        // libgpiod itself: CGpiod's `link "gpiod"` reaches only Swift modules that import it, and the -lgpiod
        // SwiftPM reads from libgpiod.pc is lost whenever SwiftPM misses the multiarch pkg-config folder (a
        // link without it failed once on a new machine: docs/decisions.md, "Every C library named at link").
        .target(name: "CGpioShim", dependencies: ["CGpiod"], linkerSettings: [.linkedLibrary("gpiod")]),
        // The evdev ioctls, struct input_event and struct ff_effect.
        .target(name: "CInputShim"),
        .systemLibrary(name: "CGPS", pkgConfig: "libgps", providers: [.apt(["libgps-dev"])]),

        // Adapters over the real system.
        // MetroModel for a time zone's rules only: the tz database is read here and parsed by the model.
        .target(name: "MetroSystem", dependencies: ["CLinuxShim", "MetroModel"]),
        // Apart from MetroSystem so the programs and fuzz targets that keep no state do not link sqlite3.
        .target(name: "MetroSQLite", dependencies: ["CSQLite", "MetroSystem"]),
        .target(name: "MetroZip", dependencies: ["CLibZip", "MetroModel"]),
        .target(name: "MetroGTFSFiles", dependencies: ["MetroGTFS", "MetroZip", "MetroModel"]),
        .target(name: "MetroGPIO", dependencies: ["CGpioShim", "MetroSystem"]),
        .target(name: "MetroGPS", dependencies: ["CGPS"]),
        .target(name: "MetroInput", dependencies: ["CInputShim", "MetroSystem"]),
        .target(name: "MetroIIO", dependencies: ["MetroSystem"]),
        .target(name: "MetroDaemon", dependencies: [
            "MetroModel", "MetroEngine", "MetroControl", "MetroSystem", "MetroSQLite", "MetroGPIO", "MetroGPS",
            "MetroInput", "MetroIIO",
        ]),
        .target(name: "MetroCLI", dependencies: ["MetroModel", "MetroControl", "MetroSystem", "MetroGTFS", "MetroGTFSFiles"]),

        // Programs.
        .executableTarget(name: "metrotimerd", dependencies: ["MetroDaemon", "MetroSystem"]),
        .executableTarget(name: "metrotimer", dependencies: ["MetroCLI"]),
        .executableTarget(name: "metrotimer-hwcheck", dependencies: ["MetroGPIO", "MetroInput", "MetroSystem"]),
        .executableTarget(name: "metrotimer-bench", dependencies: ["MetroSystem", "MetroSQLite"]),
        .executableTarget(name: "metrotimer-modelbench", dependencies: ["MetroModel"]),
        .executableTarget(name: "metrotimer-lab", dependencies: ["MetroLab", "MetroModel"]),

        // Fuzz targets: built by mk/fuzz.mk with -sanitize=fuzzer and -D FUZZING they run libFuzzer; a plain
        // build makes them replayers of the inputs named on their command line. See docs/reliability.md.
        .target(name: "CFuzzerDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzerDriver"]),
        .executableTarget(name: "FuzzControlRequest", dependencies: ["FuzzSupport", "MetroControl", "MetroSystem"]),
        .executableTarget(name: "FuzzConfig", dependencies: ["FuzzSupport", "MetroDaemon"]),
        .executableTarget(name: "FuzzNetworkData", dependencies: ["FuzzSupport", "MetroModel"]),
        .executableTarget(name: "FuzzStoredTrip", dependencies: ["FuzzSupport", "MetroDaemon", "MetroEngine", "MetroSystem", "MetroSQLite"]),
        .executableTarget(name: "FuzzGTFSCSV", dependencies: ["FuzzSupport", "MetroGTFS"]),
        .executableTarget(name: "FuzzGTFSFeed", dependencies: ["FuzzSupport", "MetroGTFS", "MetroModel"]),

        // Tests.
        // A real gpsd fed NMEA on loopback, shared by the GPS wrapper's and the daemon's tests.
        .target(name: "GPSTestSupport", dependencies: ["MetroGPS"], path: "Tests/GPSTestSupport"),
        // Sysfs trees and FIFOs standing in for IIO accelerometers, shared by the readers' and the daemon's tests.
        .target(name: "IIOTestSupport", path: "Tests/IIOTestSupport"),
        .testTarget(name: "MetroModelTests", dependencies: ["MetroModel", "MetroTestSupport"]),
        .testTarget(name: "MetroEngineTests", dependencies: ["MetroEngine", "MetroTestSupport", "MetroModel"]),
        .testTarget(name: "MetroLabTests", dependencies: ["MetroLab", "MetroModel", "MetroTestSupport"]),
        .testTarget(name: "MetroSystemTests", dependencies: ["MetroSystem", "MetroSQLite", "CLinuxShim"]),
        .testTarget(name: "MetroGPSTests", dependencies: ["MetroGPS", "GPSTestSupport"]),
        .testTarget(name: "MetroGPIOTests", dependencies: ["MetroGPIO"]),
        .testTarget(name: "MetroInputTests", dependencies: ["MetroInput", "CInputShim"]),
        .testTarget(name: "MetroIIOTests", dependencies: ["MetroIIO", "IIOTestSupport"]),
        .testTarget(name: "MetroDaemonTests", dependencies: [
            "MetroDaemon", "MetroControl", "MetroCLI", "MetroEngine", "MetroModel", "MetroSystem", "MetroSQLite", "MetroGPIO",
            "MetroInput", "MetroIIO", "MetroTestSupport", "CLinuxShim", "GPSTestSupport", "IIOTestSupport",
        ]),
        .testTarget(name: "MetroCLITests", dependencies: ["MetroCLI", "MetroControl", "MetroModel"]),
        .testTarget(name: "MetroGTFSTests", dependencies: ["MetroGTFS", "MetroModel", "MetroTestSupport"]),
        .testTarget(name: "MetroZipTests", dependencies: ["MetroZip", "MetroGTFSFiles", "MetroGTFS", "MetroModel", "MetroTestSupport"]),
    ]
)
