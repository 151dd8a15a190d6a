import TimelineModel
import TimelineSystem

/// The content folder an import writes into, made ready the same way by every import.
enum ImportDestination {
    /// A new site's `site.json`: a title to change, and nothing else.
    static let defaultSettings = PrettyJSON.object([("title", .string("Timeline"))]).fileBytes

    /// Creates the content folder, `users/` and `posts/` when missing, and a minimal
    /// `site.json` when there is none; true when it wrote `site.json`.
    static func prepare(_ folder: ContentFolder) throws(ImportFailure) -> Bool {
        do {
            try FileSystem.makeDirectories(folder.absolute(ContentLayout.usersFolder))
            try FileSystem.makeDirectories(folder.absolute(ContentLayout.postsFolder))
            guard !folder.exists(ContentLayout.settingsFile) else { return false }
            try FileSystem.writeAtomically(folder.absolute(ContentLayout.settingsFile), bytes: defaultSettings)
            return true
        } catch {
            throw ImportFailure(at: SourceLocation(path: folder.location.shown), error.description)
        }
    }
}
