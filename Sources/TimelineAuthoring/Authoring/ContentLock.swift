import TimelineContent
import TimelineModel
import TimelineSystem

/// An exclusive advisory lock on the content folder (`flock` on the folder itself), held while
/// a command reads files and writes their new versions, so that two commands run at once
/// (two `timeline like` in a script) cannot both rewrite `likes.json` from the same old copy.
package final class ContentLock {
    private let lock: FileLock

    init(_ folder: SitePath) throws(AuthoringError) {
        do {
            lock = try FileLock(folder: folder.absolute)
        } catch {
            let action = error.operation == "open" ? "cannot open the content folder" : "cannot lock the content folder"
            throw AuthoringError(.fileSystem, at: SourceLocation(path: folder.shown), "\(action): \(error.reason)")
        }
    }
}
