import Foundation
import TimelineModel
import TimelineSystem

/// The files of a site's theme, looked up as Hugo looks up a theme's: each file of the built-in
/// theme, unless the site's templates folder holds a file of the same path, which replaces it;
/// and the files only the site's folder holds. The folder may be missing (the built-in theme
/// as it is) or hold only the files the site changes, so that a new version of the tool brings
/// its changes to every file the site left alone. Hidden files are left out.
public struct ThemeFiles: Sendable {
    private enum Origin: Sendable, Equatable {
        /// The site's templates folder holds the file.
        case site
        /// The built-in theme's file, which the site does not replace.
        case builtIn
    }

    /// The site's templates folder (`Templates/`); it need not exist.
    public let location: SitePath
    /// Whether the site has a templates folder.
    public let folderExists: Bool
    /// Every file's path relative to the theme folder, sorted byte-wise.
    public let paths: [String]
    private let origins: [String: Origin]

    /// The site's templates folder, absolute.
    public var folder: String { location.absolute }
    /// How diagnostics name the site's folder, ending with `/`.
    public var displayPrefix: String { location.shown }

    public init(_ location: SitePath) {
        self.location = location
        let folder = location.absolute
        folderExists = FileSystem.resolvedKind(of: folder) == .directory
        let siteFiles = folderExists ? FileSystem.files(below: folder).filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } } : []
        var origins = Dictionary(uniqueKeysWithValues: BuiltInTheme.paths.map { ($0, Origin.builtIn) })
        for path in siteFiles { origins[path] = .site }
        self.origins = origins
        paths = origins.keys.sorted { $0.utf8Precedes($1) }
    }

    /// The paths below `subfolder` (e.g. `assets`), relative to it.
    public func paths(below subfolder: String) -> [String] {
        let prefix = subfolder + "/"
        return paths.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
    }

    /// The file's bytes, from the site's folder or the built-in theme.
    package func bytes(of path: String) throws(FileSystem.Failure) -> [UInt8] {
        switch origins[path] {
        case .site: return try FileSystem.readBytes(folder + "/" + path)
        case .builtIn:
            guard let bytes = BuiltInTheme.bytes(of: path) else { throw FileSystem.Failure(path: display(path), operation: "read", code: ENOENT) }
            return bytes
        case nil: throw FileSystem.Failure(path: display(path), operation: "read", code: ENOENT)
        }
    }

    /// The file's absolute path when the site's folder holds it; nil for a built-in file.
    public func sitePath(of path: String) -> String? {
        origins[path] == .site ? folder + "/" + path : nil
    }

    /// How diagnostics name the file: in the site's folder, or in the built-in theme.
    public func display(_ path: String) -> String {
        origins[path] == .builtIn ? BuiltInTheme.displayPrefix + path : displayPrefix + path
    }
}
