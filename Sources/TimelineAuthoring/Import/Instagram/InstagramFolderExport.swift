import TimelineContent
import TimelineModel
import TimelineSystem

/// An Instagram export unpacked into a folder. Every file is opened through
/// `ConfinedFolder`, one name at a time without following symbolic links, so a link in the
/// export that points outside it is never read.
package struct InstagramFolderExport: Sendable {
    /// The folder, absolute.
    package let root: String
    package let shown: String

    private static let chunkSize = 1 << 20

    private var folder: ConfinedFolder { ConfinedFolder(root: root) }

    package func listing() -> InstagramExportListing {
        let found = folder.listing(maximumEntries: InstagramExportSource.maximumEntries)
        var files: [InstagramEntryPath] = []
        var refused = found.refused.map { InstagramExportListing.Refused(entry: $0, reason: "a symbolic link or special file is not read") }
        for name in found.files {
            switch InstagramEntryPath.checked(name) {
            case .success(let path): files.append(path)
            case .failure(let refusal): refused.append(.init(entry: name, reason: refusal.description))
            }
        }
        if found.truncated {
            let limit = InstagramExportSource.maximumEntries
            refused.append(.init(entry: ".", reason: "the folder holds more than \(limit) entries or is nested too deep; the rest is not read"))
        }
        return InstagramExportListing(files: files, refused: refused)
    }

    func read(_ path: InstagramEntryPath, limit: Int) throws(InstagramEntryError) -> [UInt8] {
        let file = try open(path)
        var bytes: [UInt8] = []
        try stream(file, limit: limit) { chunk in bytes.append(contentsOf: chunk) }
        return bytes
    }

    func copy(_ path: InstagramEntryPath, to destination: String, limit: Int) throws(InstagramEntryError) -> Int {
        let file = try open(path)
        let output = try InstagramMediaOutput(destination)
        try stream(file, limit: limit) { chunk in output.append(chunk) }
        return try output.finish()
    }

    private func open(_ path: InstagramEntryPath) throws(InstagramEntryError) -> ReadableFile {
        guard let file = folder.openFile(path.segments) else { throw .missing }
        return file
    }

    /// Reads the file a chunk at a time, refusing it once it holds more than `limit` bytes
    /// (checked while reading too: the file may grow).
    private func stream(_ file: ReadableFile, limit: Int, _ consume: (ArraySlice<UInt8>) -> Void) throws(InstagramEntryError) {
        do {
            guard try file.size() <= limit else { throw InstagramEntryError.tooLarge(limit: limit) }
            var chunk = [UInt8](repeating: 0, count: Self.chunkSize)
            var position = 0
            while true {
                let count = try file.read(into: &chunk, count: chunk.count, at: position)
                guard count > 0 else { return }
                position += count
                guard position <= limit else { throw InstagramEntryError.tooLarge(limit: limit) }
                consume(chunk[0..<count])
            }
        } catch let error as InstagramEntryError {
            throw error
        } catch {
            throw .unreadable(String(describing: error))
        }
    }
}
