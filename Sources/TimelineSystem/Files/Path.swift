import SystemPackage

/// String path helpers with `/` separators (Foundation's URL path handling is slow and
/// allocation-heavy in a loop of hundreds of thousands of files).
package enum Path {
    package static func join(_ base: String, _ component: String) -> String {
        if base.isEmpty { return component }
        if component.isEmpty { return base }
        return base.hasSuffix("/") ? base + component : base + "/" + component
    }

    package static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    package static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The file name without its extension: `rocket` for `rocket.jpg`.
    package static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    package static func fileExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...]).lowercased()
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
