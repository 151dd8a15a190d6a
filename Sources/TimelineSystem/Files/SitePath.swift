import SystemPackage

/// A file or folder as the tool reaches it and as messages name it: `absolute`, the path the
/// system calls take, and `shown`, the form a person reads (relative to where they ran the
/// tool: `Content/`, `Content/posts/abc/post.md`). A child keeps the two in step, so that no
/// code passes a path and its display form separately. A folder's shown form ends with `/`.
///
/// The absolute form is made lexically normal by swift-system's `FilePath` (`Path.absolute`)
/// when a path comes in from a person; children are joined as strings, because the loaders
/// join hundreds of thousands of names and a `FilePath` parses its components on every append.
public struct SitePath: Sendable, Hashable, CustomStringConvertible {
    /// The absolute path, without `.` or `..` components or a trailing slash.
    public let absolute: String
    /// How messages name it.
    public let shown: String

    package init(absolute: String, shown: String) {
        self.absolute = absolute
        self.shown = shown
    }

    /// The folder `given` as a person typed it (relative to the current directory or
    /// absolute), shown as typed.
    public init(folderAsGiven given: String) {
        let shown = given.isEmpty ? "./" : given
        self.init(absolute: Path.absolute(given, relativeTo: FileSystem.currentDirectory), shown: shown.hasSuffix("/") ? shown : shown + "/")
    }

    /// The file `given` as a person typed it (relative to the current directory or absolute),
    /// shown as typed.
    public init(fileAsGiven given: String) {
        self.init(absolute: Path.absolute(given, relativeTo: FileSystem.currentDirectory), shown: given)
    }

    /// The folder `given` relative to `base` (an absolute path), shown relative to the current
    /// directory when inside it (`.` for the directory itself), by its absolute path otherwise.
    public static func folder(_ given: String, relativeTo base: String) -> SitePath {
        let absolute = Path.absolute(given, relativeTo: base)
        let current = FileSystem.currentDirectory
        let shown = absolute == current ? "." : Self.relative(absolute, to: current) ?? absolute
        return SitePath(absolute: absolute, shown: shown.hasSuffix("/") ? shown : shown + "/")
    }

    /// A folder named in messages exactly as `shown` (the content folder of an import, say).
    public static func folder(_ absolute: String, shownAs shown: String) -> SitePath {
        SitePath(absolute: absolute, shown: shown.hasSuffix("/") ? shown : shown + "/")
    }

    /// The entry at `relative` (names separated by `/`) inside this folder.
    public func appending(_ relative: String) -> SitePath {
        if relative.isEmpty { return self }
        return SitePath(
            absolute: absolute.hasSuffix("/") ? absolute + relative : absolute + "/" + relative,
            shown: shown.hasSuffix("/") ? shown + relative : shown + "/" + relative)
    }

    /// The path of `absolutePath` inside this folder, shown under this folder's shown form;
    /// nil when it is not inside.
    public func child(atAbsolute absolutePath: String) -> SitePath? {
        Self.relative(absolutePath, to: absolute).map(appending)
    }

    /// The system's view: swift-system's path type.
    public var filePath: FilePath { FilePath(absolute) }

    public var description: String { shown }

    /// `path` relative to `folder` when it lies strictly inside it, else nil.
    package static func relative(_ path: String, to folder: String) -> String? {
        let inside = Path.relative(path, to: folder)
        return Path.isInside(path, directory: folder) && !inside.isEmpty ? inside : nil
    }
}
