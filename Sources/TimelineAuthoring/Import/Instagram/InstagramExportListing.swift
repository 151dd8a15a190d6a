/// The files of an Instagram export, and the entries the reader refuses to look at.
package struct InstagramExportListing: Sendable {
    /// Regular files, by path, sorted.
    package let files: [InstagramEntryPath]
    /// Entries refused (a path leading outside the export, a symbolic link, a name given
    /// twice in a zip archive, more entries than the reader lists), each with why.
    package let refused: [Refused]
    private let fileSet: Set<InstagramEntryPath>

    package struct Refused: Sendable {
        package let entry: String
        package let reason: String
    }

    init(files: [InstagramEntryPath], refused: [Refused]) {
        self.files = files.sorted()
        self.refused = refused
        fileSet = Set(files)
    }

    package func contains(_ path: InstagramEntryPath) -> Bool {
        fileSet.contains(path)
    }

    /// Why a `uri` of the export's JSON names no file the reader may read.
    package struct Unreadable: Error, Sendable, CustomStringConvertible {
        package let description: String
    }

    /// The file a `uri` of the export's JSON names (relative to the export, whose files lie
    /// under `prefix`): refused when it would lead outside the export, and must be listed.
    package func file(named uri: String, under prefix: [String]) -> Result<InstagramEntryPath, Unreadable> {
        switch InstagramEntryPath.checked(uri) {
        case .failure(let refusal):
            return .failure(Unreadable(description: refusal.description))
        case .success(let relative):
            let path = relative.under(prefix)
            guard contains(path) else { return .failure(Unreadable(description: "'\(relative)' is not a file in the export")) }
            return .success(path)
        }
    }
}
