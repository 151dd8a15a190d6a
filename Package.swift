// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Timeline",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "timeline", targets: ["timeline"]),
        .executable(name: "timeline-workload", targets: ["timeline-workload"]),
        .library(name: "TimelineCore", targets: ["TimelineCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
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
        .target(name: "CSystemSupport"),
        .target(name: "CVipsSupport", dependencies: ["CVips"]),
        .target(
            name: "TimelineCore",
            dependencies: [
                "CCmark",
                "CLibXML2",
                "CSystemSupport",
                "CVipsSupport",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .executableTarget(
            name: "timeline",
            dependencies: [
                "TimelineCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "timeline-workload",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "TimelineCoreTests",
            dependencies: ["TimelineCore", "CLibXML2", "timeline"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
