import TimelineModel
import TimelineSystem

/// Refuses output folders that a build would destroy something by replacing: the file
/// system root, the site root, or any folder that holds the content, templates or image cache.
package enum OutputLocationCheck {
    package static func problem(output: String, siteRoot: String, content: String, templates: String, cache: String) -> String? {
        if output == "/" { return "the output folder cannot be the file system root" }
        if output == siteRoot { return "the output folder cannot be the site root itself" }
        for (name, folder) in [("content", content), ("templates", templates), ("image cache", cache)] {
            if folder == output || Path.isInside(folder, directory: output) {
                return "the output folder \(output) holds the \(name) folder; replacing it would delete your \(name)"
            }
            if Path.isInside(output, directory: folder) {
                return "the output folder cannot lie inside the \(name) folder"
            }
        }
        switch FileSystem.kind(of: output) {
        case .missing, .directory: return nil
        default: return "\(output) exists and is not a folder"
        }
    }
}
