// swift-tools-version: 6.1
// The fuzz harness: libFuzzer targets for what reads a file a person hands over, and for what
// comes from the network (a JSON-RPC line, an HTTP request, WebSocket frames, an MQTT payload).
// Built apart from the main package (its targets have no main: libFuzzer brings one), by
// `make fuzz`; `make test` replays the committed seeds (Fuzz/Seeds) through the same code.
import PackageDescription

let package = Package(
    name: "meditate-fuzz",
    dependencies: [
        .package(name: "meditate", path: ".."),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0")
    ],
    targets: [
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzDecoders",
            dependencies: ["FuzzDriver", .product(name: "MeditateFuzzTargets", package: "meditate")]),
        .executableTarget(
            name: "FuzzConfig",
            dependencies: [
                "FuzzDriver", .product(name: "MeditateFuzzTargets", package: "meditate"),
                .product(name: "TOMLKit", package: "TOMLKit")
            ])
    ]
        + ["UnixSocket", "HTTP", "WebSocket", "MQTT"].map { name in
            .executableTarget(
                name: "Fuzz" + name,
                dependencies: ["FuzzDriver", .product(name: "MeditateFuzzTargets", package: "meditate")])
        },
    swiftLanguageModes: [.v6]
)
