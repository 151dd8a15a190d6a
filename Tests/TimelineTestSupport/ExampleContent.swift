import Foundation

/// The repository's example `Content/` copied into a new temporary folder, for tests that
/// change its `site.json`.
package enum ExampleContent {
    /// The new folder (`<folder>/Content`, plus `<folder>/Templates` when `withTemplates`), with
    /// `site.json`'s text changed by `settings`.
    package static func copy(named name: String, withTemplates: Bool = false, settings: (String) -> String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(name)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: RepositoryPaths.content, toPath: root + "/Content")
        if withTemplates { try FileManager.default.copyItem(atPath: RepositoryPaths.templates, toPath: root + "/Templates") }
        let settingsPath = root + "/Content/site.json"
        try Data(settings(try String(contentsOfFile: settingsPath, encoding: .utf8)).utf8).write(to: URL(fileURLWithPath: settingsPath))
        return root
    }
}
