// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Timeline",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "timeline", targets: ["timeline"]),
        .executable(name: "timeline-workload", targets: ["timeline-workload"]),
        .library(name: "TimelineContent", targets: ["TimelineContent"]),
        .library(name: "TimelineAuthoring", targets: ["TimelineAuthoring"]),
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
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        // Content identities from a git work tree's index (docs/architecture.md).
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .systemLibrary(
            name: "CLibZ",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CBrotliEncoder",
            pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        // The tests decompress what the build wrote.
        .systemLibrary(
            name: "CBrotliDecoder",
            pkgConfig: "libbrotlidec",
            providers: [.apt(["libbrotli-dev"]), .brew(["brotli"])]
        ),
        // The platform layer: every call that differs between Linux and Darwin, over
        // apple/swift-system, with what it lacks in one C shim (docs/architecture.md).
        .target(
            name: "CSystemSupport",
            linkerSettings: [.linkedFramework("CoreServices", .when(platforms: [.macOS]))]
        ),
        .target(
            name: "TimelineSystem",
            dependencies: ["CSystemSupport", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "CVipsSupport", dependencies: ["CVips"]),
        .target(name: "TimelineTemplates"),
        // The pipeline's stages, each a target that may use only those below it:
        // Model ← Content ← Site ← Build, Model ← Output ← Build, and Content ← Authoring, which only
        // the command line uses (docs/architecture.md).
        .target(
            name: "TimelineModel",
            dependencies: ["TimelineSystem"]
        ),
        .target(
            name: "TimelineContent",
            dependencies: [
                "TimelineSystem", "TimelineModel", "CCmark", "CGit2", .product(name: "Yams", package: "Yams"),
            ]
        ),
        // The commands that write content (new, edit, rename, delete, likes, follows) and the
        // imports: above the load stage, whose readers check what they write, and below the
        // command line only; no stage of a build may use them (docs/architecture.md).
        .target(
            name: "TimelineAuthoring",
            dependencies: [
                "TimelineSystem", "TimelineModel", "TimelineContent", "CLibZ", .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "TimelineSite",
            dependencies: ["TimelineSystem", "TimelineModel", "TimelineContent", "TimelineTemplates", "CVipsSupport"],
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
            dependencies: [
                "TimelineSystem", "TimelineModel", "CLibZ", "CBrotliEncoder", .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "TimelineBuild",
            dependencies: ["TimelineSystem", "TimelineModel", "TimelineContent", "TimelineSite", "TimelineOutput", "TimelineTemplates", "CLibXML2"]
        ),
        .target(
            name: "TimelinePreview",
            dependencies: [
                "TimelineSystem",
                "TimelineModel",
                "TimelineSite",
                "TimelineBuild",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .executableTarget(
            name: "timeline",
            dependencies: [
                "TimelineSystem",
                "TimelineModel",
                "TimelineContent",
                "TimelineAuthoring",
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
                "TimelineSystem",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
                "TimelineSystem", "TimelineModel", "TimelineContent", "TimelineAuthoring", "TimelineSite", "TimelineBuild", "TimelinePreview", "CLibXML2",
                "CLibZ",
                "CBrotliDecoder",
            ],
            path: "Tests/TimelineTestSupport"
        ),
        .testTarget(
            name: "TimelineSystemTests",
            dependencies: ["TimelineSystem", "TimelineTestSupport"]
        ),
        .testTarget(
            name: "TimelineModelTests",
            dependencies: ["TimelineSystem", "TimelineModel", "TimelineTestSupport"]
        ),
        .testTarget(
            name: "TimelineContentTests",
            dependencies: ["TimelineSystem", "TimelineModel", "TimelineContent", "TimelineBuild", "TimelineTestSupport", "timeline"]
        ),
        .testTarget(
            name: "TimelineAuthoringTests",
            dependencies: [
                "TimelineSystem", "TimelineModel", "TimelineContent", "TimelineAuthoring", "TimelineBuild", "TimelineTestSupport", "timeline",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "TimelineSiteTests",
            dependencies: [
                "TimelineSystem", "TimelineModel", "TimelineContent", "TimelineSite", "TimelineBuild", "TimelineTemplates", "TimelineTestSupport", "timeline",
                "CLibXML2",
            ]
        ),
        .testTarget(
            name: "TimelineOutputTests",
            dependencies: ["TimelineSystem", "TimelineModel", "TimelineOutput", "TimelineBuild", "TimelineTestSupport", "timeline"]
        ),
        .testTarget(
            name: "TimelineBuildTests",
            dependencies: [
                "TimelineSystem", "TimelineModel", "TimelineContent", "TimelineSite", "TimelineOutput", "TimelineBuild", "TimelineTestSupport", "timeline",
            ]
        ),
        .testTarget(
            name: "TimelinePreviewTests",
            dependencies: [
                "TimelineSystem",
                "TimelineModel", "TimelineBuild", "TimelinePreview", "TimelineTestSupport", "timeline", .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "TimelineCommandTests",
            dependencies: [
                "TimelineSystem",
                "TimelineModel", "TimelineContent", "TimelineAuthoring", "TimelineSite", "TimelineBuild", "TimelineTestSupport", "timeline",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
