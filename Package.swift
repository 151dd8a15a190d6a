// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Timeline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "timeline", targets: ["timeline"]),
        .executable(name: "timeline-workload", targets: ["timeline-workload"]),
        .library(name: "TimelineContent", targets: ["TimelineContent"]),
        .library(name: "TimelineBuild", targets: ["TimelineBuild"]),
        .library(name: "TimelineTemplates", targets: ["TimelineTemplates"]),
        .library(name: "TimelinePreview", targets: ["TimelinePreview"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CBrotliEncoder",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"])]
        ),
        // The tests decompress what the build wrote.
        .systemLibrary(
            name: "CBrotliDecoder",
            pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"])]
        ),
        .target(name: "CSystemSupport"),
        .target(name: "CFileWatch"),
        .target(name: "CVipsSupport", dependencies: ["CVips"]),
        .target(name: "TimelineTemplates"),
        // The pipeline's stages, each a target that may use only those below it:
        // Model ← Content ← Site ← Build, and Model ← Output ← Build (docs/architecture.md).
        .target(
            name: "TimelineModel",
            dependencies: ["CSystemSupport"]
        ),
        .target(
            name: "TimelineContent",
            dependencies: ["TimelineModel", "CCmark", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "TimelineSite",
            dependencies: ["TimelineModel", "TimelineContent", "TimelineTemplates", "CLibXML2", "CVipsSupport"],
            plugins: ["EmbedBuiltInTheme"]
        ),
        // The built-in theme: Templates/ compiled into the tool at build time (docs/themes.md).
        .executableTarget(name: "timeline-theme-embedder"),
        .plugin(
            name: "EmbedBuiltInTheme",
            capability: .buildTool(),
            dependencies: ["timeline-theme-embedder"]
        ),
        .target(
            name: "TimelineOutput",
            dependencies: ["TimelineModel", "CSystemSupport", "CZlib", "CBrotliEncoder"]
        ),
        .target(
            name: "TimelineBuild",
            dependencies: ["TimelineModel", "TimelineContent", "TimelineSite", "TimelineOutput", "TimelineTemplates", "CLibXML2"]
        ),
        .target(
            name: "TimelinePreview",
            dependencies: [
                "TimelineModel",
                "TimelineSite",
                "TimelineBuild",
                "CFileWatch",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "timeline",
            dependencies: [
                "TimelineModel",
                "TimelineContent",
                "TimelineSite",
                "TimelineBuild",
                "TimelinePreview",
                "TimelineTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "timeline-workload",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .testTarget(
            name: "TimelineTemplatesTests",
            dependencies: ["TimelineTemplates"]
        ),
        // What the tests share: fixtures, example-site copies, subprocesses, servers, browsers.
        .target(
            name: "TimelineTestSupport",
            dependencies: [
                "TimelineModel", "TimelineContent", "TimelineSite", "TimelineBuild", "TimelinePreview", "CLibXML2", "CZlib", "CBrotliDecoder",
            ],
            path: "Tests/TimelineTestSupport"
        ),
        .testTarget(
            name: "TimelineModelTests",
            dependencies: ["TimelineModel", "TimelineTestSupport"]
        ),
        .testTarget(
            name: "TimelineContentTests",
            dependencies: ["TimelineModel", "TimelineContent", "TimelineBuild", "TimelineTestSupport", "timeline"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TimelineSiteTests",
            dependencies: ["TimelineModel", "TimelineContent", "TimelineSite", "TimelineBuild", "TimelineTemplates", "TimelineTestSupport", "timeline"]
        ),
        .testTarget(
            name: "TimelineOutputTests",
            dependencies: ["TimelineModel", "TimelineOutput", "TimelineBuild", "TimelineTestSupport", "timeline"]
        ),
        .testTarget(
            name: "TimelineBuildTests",
            dependencies: ["TimelineModel", "TimelineContent", "TimelineSite", "TimelineOutput", "TimelineBuild", "TimelineTestSupport", "timeline"]
        ),
        .testTarget(
            name: "TimelinePreviewTests",
            dependencies: [
                "TimelineModel", "TimelineBuild", "TimelinePreview", "TimelineTestSupport", "timeline", .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "TimelineCommandTests",
            dependencies: [
                "TimelineModel", "TimelineContent", "TimelineSite", "TimelineBuild", "TimelineTestSupport", "timeline",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
