import Foundation

/// The repository this test file lives in: the example site.
package enum RepositoryPaths {
    package static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    package static var content: String { root + "/Content" }
    package static var templates: String { root + "/Templates" }
    package static var samplePhoto: String { root + "/Content/posts/-K25Fj8qrMAtxXG3QCSn/rocket.jpg" }

    /// The `timeline` executable SwiftPM built beside the test bundle (in the folder
    /// `swift build --show-bin-path` names, wherever its build system puts it).
    package static var timelineExecutable: String {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent().appendingPathComponent("timeline").path,
            bundle.appendingPathComponent("timeline").path,
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
    }

    /// An image cache for builds of the example site, shared by the tests of one run (so the
    /// photos are processed once) and kept out of the repository's own cache.
    package static let exampleImageCache = FileManager.default.temporaryDirectory
        .appendingPathComponent("timeline-example-cache-\(ProcessInfo.processInfo.processIdentifier)").path
}
