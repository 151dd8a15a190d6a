import TimelineSystem

/// The output folder as the preview reads it, through `ConfinedFolder`: every lookup walks
/// down from a descriptor of the folder opened for that request without following a symbolic
/// link, so no request can reach a file outside it, and since the build swaps a complete new
/// folder in atomically, a lookup sees one whole version of the site. A file is read to its end
/// from its open descriptor, so a rebuild cannot hand out half of a file either.
struct ServedFolder: Sendable {
    let root: String

    /// A file read whole, with what identifies its version.
    struct File: Sendable {
        let name: String
        let bytes: [UInt8]
        let entityTag: String

        init(_ file: ConfinedFolder.File) {
            name = file.name
            bytes = file.bytes
            // The entity tag names the inode, size and modification time, which change
            // whenever the build writes the file anew.
            entityTag = "\"\(file.versionTag)\""
        }
    }

    enum Lookup: Sendable {
        case file(File)
        /// A folder asked for without the trailing slash: redirect to the slash form.
        case folderWithoutSlash
        case notFound
    }

    private var folder: ConfinedFolder { ConfinedFolder(root: root) }

    /// Finds the file for a path inside the folder: a folder gives its `index.html`.
    func lookup(_ path: SafePath) -> Lookup {
        switch folder.walk(path.segments) {
        case .file(let file):
            return path.endsWithSlash ? .notFound : .file(File(file))
        case .folder(let directory):
            guard path.endsWithSlash else { return .folderWithoutSlash }
            return folder.file(named: "index.html", in: directory).map { .file(File($0)) } ?? .notFound
        case .notFound:
            return .notFound
        }
    }

    /// A file directly inside the folder (`404.html`), or nil.
    func topLevelFile(_ name: String) -> File? {
        guard case .folder(let directory) = folder.walk([]) else { return nil }
        return folder.file(named: name, in: directory).map(File.init)
    }
}
