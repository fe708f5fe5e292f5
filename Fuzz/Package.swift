// swift-tools-version: 6.1
// The fuzz harness: libFuzzer targets for what reads a file a person hands over. Built apart
// from the main package (its targets have no main: libFuzzer brings one), by `make fuzz`.
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
    ],
    swiftLanguageModes: [.v6]
)
