// swift-tools-version: 6.1
// meditate builds with Swift 6.2 and later: Debian's swiftlang 6.2 (which builds the arm64 package,
// scripts/cross-build.sh) and the 6.3 of the developers' machines. No language or package feature
// newer than 6.2.
import PackageDescription

let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "meditate",
    products: [
        .executable(name: "meditate", targets: ["CLI"]),
        .executable(name: "make-sounds", targets: ["make-sounds"]),
        // For the fuzz harness in Fuzz/ (`make fuzz`), which builds these with libFuzzer.
        .library(name: "MeditateFuzzTargets", targets: ["Decoders", "ConfigSyntax", "Control"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // config.toml: parsed by TOMLKit (toml++), edited line by line so that comments survive.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The practice history's CSV export and import.
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // The control socket of `meditate serve` and its WebSocket.
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0")
    ],
    targets: [
        // C libraries, found through pkg-config; each is a module map and one header.
        .systemLibrary(
            name: "CMPG123", path: "Sources/CModules/CMPG123", pkgConfig: "libmpg123",
            providers: [.apt(["libmpg123-dev"])]),
        .systemLibrary(
            name: "CSndFile", path: "Sources/CModules/CSndFile", pkgConfig: "sndfile",
            providers: [.apt(["libsndfile1-dev"])]),
        .systemLibrary(
            name: "CSoxr", path: "Sources/CModules/CSoxr", pkgConfig: "soxr",
            providers: [.apt(["libsoxr-dev"])]),
        // libpulse's pkg-config file adds -pthread and -D_REENTRANT, which SwiftPM refuses with a
        // warning; its headers are on the default path, so the module map links it directly.
        .systemLibrary(name: "CPulse", path: "Sources/CModules/CPulse", providers: [.apt(["libpulse-dev"])]),
        .systemLibrary(
            name: "CALSA", path: "Sources/CModules/CALSA", pkgConfig: "alsa",
            providers: [.apt(["libasound2-dev"])]),
        // libid3tag reads the ID3 chunk some tools put into WAV and AIFF files (libsndfile skips it).
        .systemLibrary(
            name: "CID3Tag", path: "Sources/CModules/CID3Tag", pkgConfig: "id3tag",
            providers: [.apt(["libid3tag0-dev"])]),
        .systemLibrary(
            name: "CEbur128", path: "Sources/CModules/CEbur128", pkgConfig: "libebur128",
            providers: [.apt(["libebur128-dev"])]),
        // libgcrypt for SHA-256: how the library finds a moved file again by its content. libpulse
        // already loads it (through libsystemd), where libcrypto would add 1.4 MiB to every run.
        .systemLibrary(
            name: "CGcrypt", path: "Sources/CModules/CGcrypt", pkgConfig: "libgcrypt",
            providers: [.apt(["libgcrypt20-dev"])]),

        // The pairing URL of `serve --listen` as a QR code in the terminal, for the phone to scan.
        .systemLibrary(
            name: "CQRencode", path: "Sources/CModules/CQRencode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),

        // A FIFO's fill level and size (ioctl, fcntl): the Snapcast output's clock.
        .systemLibrary(name: "CPipe", path: "Sources/CModules/CPipe"),

        // timerfd on the wall clock: the service sleeps until a schedule is due, and wakes when
        // the clock is set.
        .systemLibrary(name: "CTimerFD", path: "Sources/CModules/CTimerFD"),

        // malloc_trim: the service gives back what its sessions freed.
        .systemLibrary(name: "CMalloc", path: "Sources/CModules/CMalloc"),

        // sd_notify: `meditate serve` tells systemd it is ready, what it is doing, and that it lives.
        .systemLibrary(
            name: "CSystemd", path: "Sources/CModules/CSystemd", pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]),

        // The service's MQTT client (Home Assistant): libmosquitto, the broker's own library.
        .systemLibrary(
            name: "CMosquitto", path: "Sources/CModules/CMosquitto", pkgConfig: "libmosquitto",
            providers: [.apt(["libmosquitto-dev"])]),

        // The resampler's inner loop, in C so that it can choose AVX2 and FMA at run time.
        .target(name: "CPolyphase", path: "Sources/CModules/CPolyphase"),
        // A hook's process starts with only standard input, output and error open (glibc's
        // closefrom for posix_spawn, a GNU extension Swift's Glibc module does not show).
        .target(name: "CSpawn", path: "Sources/CModules/CSpawn"),
        // The MPRIS object's sd-bus vtables, which are C macros Swift cannot expand.
        .target(
            name: "CMediaPlayer", path: "Sources/CModules/CMediaPlayer",
            linkerSettings: [.linkedLibrary("systemd")]),

        // Lock-free single-producer, single-consumer rings: what the threads hand each other.
        .target(name: "Rings", swiftSettings: strictSwift),
        // The one monotonic clock every thread times with.
        .target(name: "Clock", swiftSettings: strictSwift),
        // The two languages meditate speaks, the one this run speaks, and a text in both
        // (`Phrase`): below everything that says something to a person, its errors included.
        .target(name: "Localization", swiftSettings: strictSwift),
        // What every device may change, in the folder a file sync carries: one file per thing
        // per device, the latest change winning (presets, schedules), and the data folder.
        .target(name: "SyncFolder", dependencies: ["Localization"], swiftSettings: strictSwift),
        // The real-time engine: pure Swift, no C library.
        .target(name: "Mixer", dependencies: ["Rings"], swiftSettings: strictSwift),
        .target(
            name: "Decoders",
            dependencies: ["Rings", "CMPG123", "CSndFile", "CSoxr", "CID3Tag", "CPolyphase", "Localization"],
            swiftSettings: strictSwift),
        // The backends: the device protocol, PulseAudio, ALSA, Snapcast's FIFO, the WAV file. A
        // leaf of the audio path: it knows frames, not the mixer.
        .target(
            name: "Outputs", dependencies: ["Clock", "CSndFile", "CPulse", "CALSA", "CPipe", "Localization"],
            swiftSettings: strictSwift),
        // The live engine: its mixer thread and output thread, the programs it plays through one
        // device (LiveDriver), requests and reconnection.
        .target(
            name: "Engine", dependencies: ["Outputs", "Mixer", "Rings", "Clock"],
            swiftSettings: strictSwift),
        // The library of guided tracks: import (tags, exact duration, loudness), SQLite storage.
        .target(
            name: "Library",
            dependencies: [
                "Decoders", "CEbur128", "CGcrypt", "Localization", "Clock", "SyncFolder",
                .product(name: "GRDB", package: "GRDB.swift")
            ],
            swiftSettings: strictSwift),
        .target(
            name: "Session",
            dependencies: [
                "Mixer", "Decoders", "Outputs", "Engine", "Localization",
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strictSwift),
        // The service's control protocol: JSON-RPC 2.0 lines on a Unix socket (and a WebSocket),
        // server and client.
        .target(
            name: "Control",
            dependencies: [
                "Clock", "Localization",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                // `--listen`: the same protocol over a WebSocket (the phone's page).
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                // The pipelines driven without a socket, for the fuzz targets (`WireReplay`).
                .product(name: "NIOEmbedded", package: "swift-nio")
            ],
            swiftSettings: strictSwift),
        // What toml++ cannot be trusted to report (it aborts on some headers), checked first.
        .target(name: "ConfigSyntax", swiftSettings: strictSwift),
        // The settings: their keys, config.toml (read with TOMLKit, edited line by line), the
        // layering of flag, preset, variable and file; and the words in English and German that
        // they and everything above them speak. Used by the command line and the service alike.
        .target(
            name: "Settings",
            dependencies: [
                "Session", "Outputs", "Mixer", "Decoders", "ConfigSyntax", "Localization", "Clock", "SyncFolder",
                .product(name: "TOMLKit", package: "TOMLKit")
            ],
            swiftSettings: strictSwift),
        // The desktop around a sit, over D-Bus through sd-bus: logind's sleep inhibitor, the
        // notification at its end, the media player controls (MPRIS). Off, silently, where there
        // is no bus.
        .target(
            name: "Desktop", dependencies: ["CSystemd", "CMediaPlayer", "Clock", "Rings", "Localization"],
            swiftSettings: strictSwift),
        // What the one-shot commands and the service share around a session: a sit or a track
        // made ready (its gongs, its bed, the words the history keeps), Ctrl-C and SIGTERM, the
        // desktop's presence (sleep inhibitor, notification), and one line for each failure.
        .target(
            name: "Practice",
            dependencies: [
                "Session", "Settings", "Library", "SyncFolder", "Decoders", "Desktop", "Engine", "Outputs", "Mixer",
                "Clock", "Control", "Localization", .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strictSwift),
        // The service (`meditate serve`): the conductor that owns the audio and answers the
        // protocol's methods, its sessions, schedules, hooks, MQTT bridge and web pairing.
        .target(
            name: "Service",
            dependencies: [
                "Practice", "Session", "Engine", "Outputs", "Mixer", "Decoders", "Clock", "Settings", "Library",
                "Control", "CSystemd", "CMalloc", "CMosquitto", "CSpawn", "CPipe", "CTimerFD", "Desktop", "Rings",
                "Localization",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log")
            ],
            swiftSettings: strictSwift),
        .executableTarget(
            name: "CLI",
            dependencies: [
                // A session's set-up and `meditate devices` through Practice; Service to run it,
                // reach it, and read schedules as it does. No output is opened here by name.
                "Service", "Practice", "Session", "Settings", "Library", "Control", "Decoders", "Clock",
                "CQRencode", "Desktop", "Localization",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CSV", package: "CSV.swift")
            ],
            swiftSettings: strictSwift),

        // The bundled sounds are synthesised by our own code; `make sounds` writes Sounds/.
        .target(name: "Synthesis", swiftSettings: strictSwift),
        .executableTarget(
            name: "make-sounds", dependencies: ["Synthesis", "Outputs"],
            swiftSettings: strictSwift),

        // Test support: counts heap allocations of one thread (see its header for why).
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        // Test support: one test at a time on the private PulseAudio server's sink.
        .target(name: "PulseTestSupport", path: "Tests/PulseTestSupport", swiftSettings: strictSwift),
        .testTarget(name: "RingsTests", dependencies: ["Rings"], swiftSettings: strictSwift),
        .testTarget(
            name: "MixerTests", dependencies: ["Mixer", "Rings", "CAllocationCounter", "Session", "Decoders"],
            swiftSettings: strictSwift),
        .testTarget(
            name: "DecodersTests", dependencies: ["Decoders", "WAVTestSupport"],
            resources: [.copy("Fixtures")], swiftSettings: strictSwift),
        // Test support: a sound device whose clock the test moves (the live driver without a server).
        .target(
            name: "OutputTestSupport", dependencies: ["Outputs"], path: "Tests/OutputTestSupport",
            swiftSettings: strictSwift),
        // The outputs on their own: the live driver through the mock device, the WAV writer, the
        // PulseAudio timing schedule, the output thread's history. No sound server.
        .testTarget(
            name: "OutputsTests",
            dependencies: ["Outputs", "Rings", "OutputTestSupport", "CAllocationCounter", "CPipe"],
            swiftSettings: strictSwift),
        // The engine through the mock device: the live driver's cuts and quiet, the engine's
        // threads and requests, the output thread's history, a device that never waits.
        .testTarget(
            name: "EngineTests",
            dependencies: [
                "Engine", "Outputs", "Mixer", "Rings", "Clock", "OutputTestSupport", "CAllocationCounter", "CPipe"
            ],
            swiftSettings: strictSwift),
        .testTarget(
            name: "SessionTests",
            dependencies: [
                "Session", "Mixer", "Decoders", "Outputs", "Engine", "Synthesis", "PulseTestSupport", "WAVTestSupport",
                "OutputTestSupport"
            ],
            swiftSettings: strictSwift),
        // Test support: sine WAVs written without any tool.
        .target(name: "WAVTestSupport", path: "Tests/WAVTestSupport", swiftSettings: strictSwift),
        .testTarget(
            name: "LibraryTests", dependencies: ["Library", "SyncFolder", "Decoders", "WAVTestSupport"],
            // A library as the previous release wrote it, read by its path.
            exclude: ["Fixtures"], swiftSettings: strictSwift),
        // Test support: the built program run as a person or a client would (the command, a
        // service on a private socket), and the private servers those tests start by their pid.
        .target(
            name: "ProgramTestSupport", dependencies: ["Control", "Decoders", "PulseTestSupport", "CSpawn"],
            path: "Tests/ProgramTestSupport", swiftSettings: strictSwift),
        // The service: its methods, events, schedules, hooks, MQTT and WebSocket, driven through a
        // real `meditate serve` on a private socket, and its parts in process.
        .testTarget(
            name: "ServiceTests",
            dependencies: [
                "Service", "Practice", "Control", "Clock", "Settings", "Decoders", "Library", "Session",
                "ProgramTestSupport", "PulseTestSupport", "WAVTestSupport", "Desktop",
                // Channels with a chosen peer address, for the listener's share per address.
                .product(name: "NIOEmbedded", package: "swift-nio")
            ],
            swiftSettings: strictSwift),
        // The settings' layers and the typed requests of the protocol, without a process.
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "Session"], swiftSettings: strictSwift),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "CLI", "Service", "Practice", "Control", "Clock", "Settings", "Decoders", "Library",
                "ProgramTestSupport", "PulseTestSupport", "WAVTestSupport", "Localization"
            ],
            // Run by the browser tests as a program of its own, beside the test binary.
            exclude: ["Browser/browser_remote.py"],
            swiftSettings: strictSwift)
    ],
    swiftLanguageModes: [.v6]
)
