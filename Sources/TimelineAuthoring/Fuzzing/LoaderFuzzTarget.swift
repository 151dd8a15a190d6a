import TimelineContent
import TimelineModel
import TimelineSystem

/// One loader as a fuzz target: the bytes of one content file, or of a Firebase export, through
/// the reading, validation and Markdown rendering a build or an import gives them. The libFuzzer
/// harness in `Fuzz/` and the regression tests run inputs through `run`; any outcome, a content
/// error included, is a return: only a crash, a hang or a runaway allocation is a finding.
package enum LoaderFuzzTarget: String, CaseIterable, Sendable {
    case site
    case user
    case post
    case comments
    case likes
    case firebaseImport = "firebase-import"

    /// Runs `bytes` through the loader; returns every problem reported and every rendering, as text.
    package func run(_ bytes: [UInt8], in workspace: FuzzWorkspace) async throws(FileSystem.Failure) -> [String] {
        let postFolder = ContentLayout.postFolder(workspace.postID)
        switch self {
        case .site:
            let file = SourceFile(path: workspace.contentFolder.appending(ContentLayout.settingsFile).shown, bytes: bytes)
            return SiteSettingsReader.read(file).1.map(\.description)
        case .user:
            let reader = UserReader(assets: workspace.assets)
            let file = SourceFile(path: workspace.contentFolder.appending(ContentLayout.userFile("fuzz")).shown, bytes: bytes)
            let (user, diagnostics) = reader.read(file, expectedUsername: "fuzz")
            return diagnostics.map(\.description) + Self.rendered(user?.bio)
        case .post:
            try workspace.writeContent(bytes, to: ContentLayout.file(.post, in: postFolder))
            let reader = PostReader(assets: workspace.assets)
            let (post, diagnostics) = reader.read(id: workspace.postID, folder: postFolder)
            return diagnostics.map(\.description) + Self.rendered(post?.caption)
        case .comments:
            let file = ContentLayout.file(.comments, ofPost: workspace.postID)
            try workspace.writeContent(bytes, to: file)
            let (comments, diagnostics) = InteractionsReader.comments(at: workspace.contentFolder.appending(file), postID: workspace.postID)
            return diagnostics.map(\.description) + comments.flatMap { Self.rendered($0.text) }
        case .likes:
            let file = ContentLayout.file(.likes, ofPost: workspace.postID)
            try workspace.writeContent(bytes, to: file)
            return InteractionsReader.likes(at: workspace.contentFolder.appending(file), postID: workspace.postID).1.map(\.description)
        case .firebaseImport:
            return try await Self.importExport(bytes, in: workspace)
        }
    }

    /// `timeline import firebase` of `bytes` into an empty content folder, then again into the
    /// folder it filled, as a newer export of the same site goes (the records it has already
    /// are compared and merged).
    private static func importExport(_ bytes: [UInt8], in workspace: FuzzWorkspace) async throws(FileSystem.Failure) -> [String] {
        let export = workspace.root + "/export.json"
        try FileSystem.writeFile(export, bytes: bytes)
        let imported = workspace.root + "/Imported"
        try FileSystem.removeTree(imported)
        var importer = FirebaseImport(exportPath: export, folder: ContentFolder(.folder(imported, shownAs: "Imported/")))
        // Small enough that an input of a few hundred bytes crosses the stream reader's
        // refills, as a gigabyte export does with the real buffer.
        importer.bufferSize = 16
        var output: [String] = []
        for _ in 1...2 {
            do {
                let summary = try await importer.run { output.append($0.description) }
                output.append("\(summary.postsAdded) posts added, \(summary.usersAdded) users added")
            } catch {
                output.append(error.description)
            }
        }
        return output
    }

    /// Markdown as the pages, feeds and search index render it.
    private static func rendered(_ markdown: String?) -> [String] {
        guard let markdown else { return [] }
        return [Markdown.html(markdown), Markdown.plainText(markdown), Markdown.text(markdown)]
    }
}
