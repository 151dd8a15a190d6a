// swift-tools-version:6.0
import PackageDescription

// The libFuzzer harness of Timeline's loaders, a package of its own so that the main package's
// `swift build` never links it: it links only with `-sanitize=fuzzer` (scripts/fuzz.sh).
let package = Package(
    name: "TimelineFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Timeline", path: "..")
    ],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "timeline-fuzz",
            dependencies: ["CFuzzerDriver", .product(name: "TimelineAuthoring", package: "Timeline")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
