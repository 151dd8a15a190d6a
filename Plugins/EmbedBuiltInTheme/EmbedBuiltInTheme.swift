import Foundation
import PackagePlugin

/// Compiles the repository's `Templates/` into the tool as its built-in theme: the embedder
/// writes every file's bytes into a Swift source of the target, so the binary needs no folder
/// beside it, and an edit of a template rebuilds it.
@main
struct EmbedBuiltInTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let templates = context.package.directoryURL.appending(path: "Templates")
        let generated = context.pluginWorkDirectoryURL.appending(path: "BuiltInThemeFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the built-in theme from Templates/",
                executable: try context.tool(named: "timeline-theme-embedder").url,
                arguments: [templates.path, generated.path],
                inputFiles: themeFiles(below: templates),
                outputFiles: [generated])
        ]
    }

    /// Every file below `folder` but hidden ones (editor swap files, `.DS_Store`), and the
    /// folders themselves, so that adding or removing a file also rebuilds.
    private func themeFiles(below folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            return []
        }
        return [folder] + walker.compactMap { $0 as? URL }
    }
}
