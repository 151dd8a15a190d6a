import TimelineModel
import TimelineSite
import TimelineSystem
import TimelineTemplates

/// `timeline theme copy`: writes files of the built-in theme into the site's templates folder,
/// where the site may change them; every other file stays the built-in one. A file the site
/// already has is left alone when it is the same and refused when it differs, so an edit is
/// never lost; when anything is refused or unknown, nothing is written.
public enum ThemeCopy {
    public struct Outcome: Sendable, Equatable {
        /// The files written, relative to the templates folder.
        public var copied: [String] = []
        /// The files the site already had, byte for byte the built-in ones.
        public var alreadyThere: [String] = []
    }

    /// Copies the built-in files `names` (paths relative to the theme, such as
    /// `partials/post-card.mustache`; `.mustache` may be left off), or all of them when `names`
    /// is empty, into `options`' templates folder.
    public static func copy(_ names: [String], options: BuildOptions) throws(BuildFailure) -> Outcome {
        let theme = ThemeFiles(options.layout.templates)
        if let problem = Theme.notAFolder(theme) { throw BuildFailure([problem]) }
        var problems: [Diagnostic] = []
        var chosen: [String] = []
        for name in names.isEmpty ? BuiltInTheme.paths : names {
            guard let path = builtInPath(named: name) else {
                let suggestion = suggestedPath(for: name).map { "; did you mean '\($0)'?" } ?? ""
                problems.append(
                    .error(
                        .missingTemplate, stage: .render, at: SourceLocation(path: BuiltInTheme.displayPrefix + name),
                        "the built-in theme has no such file\(suggestion)"))
                continue
            }
            if !chosen.contains(path) { chosen.append(path) }
        }
        var outcome = Outcome()
        var writes: [(path: String, bytes: [UInt8])] = []
        let statuses = Dictionary(ThemeOverview(theme).files.map { ($0.path, $0.status) }) { first, _ in first }
        for path in chosen {
            switch statuses[path] {
            case .builtIn: if let builtIn = BuiltInTheme.bytes(of: path) { writes.append((path, builtIn)) }
            case .copied: outcome.alreadyThere.append(path)
            case .overridden, .added, nil:
                problems.append(
                    .error(
                        .outputError, stage: .write, at: SourceLocation(path: theme.location.appending(path).shown),
                        "the site's file differs from the built-in theme's, so it is left as it is (move it away first to copy the built-in one)"))
            }
        }
        guard problems.isEmpty else { throw BuildFailure(problems) }
        for (path, bytes) in writes {
            let target = theme.location.appending(path)
            do {
                try FileSystem.makeDirectories(Path.parent(of: target.absolute))
                try FileSystem.writeAtomically(target.absolute, bytes: bytes)
            } catch {
                throw BuildFailure([.fileSystem(error, stage: .write, at: target.shown)])
            }
            outcome.copied.append(path)
        }
        return outcome
    }

    /// The built-in file closest to a mistyped name, templates compared without `.mustache`.
    private static func suggestedPath(for name: String) -> String? {
        let shortNames = Dictionary(BuiltInTheme.paths.map { (shortName($0), $0) }) { first, _ in first }
        return NameSuggestion.closest(to: shortName(name), among: shortNames.keys).flatMap { shortNames[$0] }
    }

    private static func shortName(_ path: String) -> String {
        path.hasSuffix(".mustache") ? String(path.dropLast(".mustache".count)) : path
    }

    /// The built-in file a name means: the path itself, or a template named without `.mustache`.
    private static func builtInPath(named name: String) -> String? {
        let trimmed = name.hasPrefix("./") ? String(name.dropFirst(2)) : name
        for candidate in [trimmed, trimmed + ".mustache"] where BuiltInTheme.contains(candidate) { return candidate }
        return nil
    }
}
