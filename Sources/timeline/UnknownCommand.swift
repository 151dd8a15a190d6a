import Foundation
import TimelineTemplates

/// `timeline biuld`: a first argument that names no command goes to the default command
/// (`build`) as the site's folder. When no file or folder of that name exists either, it was a
/// mistyped command, and building `biuld/` would only report a missing `biuld/Content/`.
enum UnknownCommand {
    /// The message for `arguments` (without the program's name), or nil when they start with an
    /// option, a command, `help` or the name of something that exists.
    static func message(for arguments: [String], commands: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), first != "help", !commands.contains(first),
            !FileManager.default.fileExists(atPath: first)
        else { return nil }
        if let closest = NameSuggestion.closest(to: first, among: commands) {
            return "unknown command '\(first)'; did you mean '\(closest)'?"
        }
        return "unknown command '\(first)', and no folder of that name to build; the commands are: \(commands.joined(separator: ", "))"
    }
}
