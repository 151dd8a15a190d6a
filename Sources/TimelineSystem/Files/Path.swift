import SystemPackage

/// String path helpers with `/` separators (Foundation's URL path handling is slow and
/// allocation-heavy in a loop of hundreds of thousands of files).
package enum Path {
    package static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty { return component }
        if component.isEmpty { return base }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    // These search the UTF-8 bytes, not the characters: a path is bytes to the system, and a
    // search by `Character` cost tens of thousands of instructions for each post loaded.

    package static func parent(of path: String) -> String {
        let bytes = path.utf8
        var end = bytes.endIndex
        while bytes.distance(from: bytes.startIndex, to: end) > 1, bytes[bytes.index(before: end)] == UInt8(ascii: "/") { end = bytes.index(before: end) }
        guard let found = bytes[..<end].lastIndex(of: UInt8(ascii: "/")) else { return "." }
        if found == bytes.startIndex { return "/" }
        return String(path[..<found])
    }

    package static func fileName(of path: String) -> String {
        guard let found = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(path[path.utf8.index(after: found)...])
    }

    /// The file name without its extension: `rocket` for `rocket.jpg`.
    package static func stem(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    package static func fileExtension(of name: String) -> String {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return String(name[name.utf8.index(after: dot)...]).lowercased()
    }

    /// Absolute form of `path`, relative paths taken from `base`; `.` and `..` are resolved
    /// lexically (symbolic links are left alone), by swift-system's `FilePath`.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        var combined = FilePath(path)
        if !combined.isAbsolute { combined = FilePath(base).pushing(combined) }
        // A `..` above the root stays at the root.
        var normal = FilePath(root: "/")
        for component in combined.lexicallyNormalized().components where component.kind == .regular {
            normal.append(component)
        }
        return normal.string
    }

    /// `path` relative to `base` when it lies under it, else `path` unchanged.
    package static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    package static func isInside(_ path: String, directory: String) -> Bool {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.hasPrefix(prefix)
    }
}
