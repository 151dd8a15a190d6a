import TimelineContent
import TimelineModel
import TimelineSystem

/// The content folder an import writes into, made ready the same way by every import.
enum ImportDestination {
    /// A new site's `site.json`: a title to change, and nothing else.
    static let defaultSettings = PrettyJSON.object([("title", .string("Timeline"))]).fileBytes

    /// The folder made ready (`prepare`: true when it wrote `site.json`) and locked for the
    /// import, as the authoring commands lock it.
    static func open(_ folder: ContentFolder) throws(ImportFailure) -> (createdSettings: Bool, lock: ContentLock) {
        let createdSettings = try prepare(folder)
        do {
            return (createdSettings, try folder.lock())
        } catch {
            throw ImportFailure.writing(error)
        }
    }

    /// Creates the content folder, `users/` and `posts/` when missing, and a minimal
    /// `site.json` when there is none; true when it wrote `site.json`.
    private static func prepare(_ folder: ContentFolder) throws(ImportFailure) -> Bool {
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
