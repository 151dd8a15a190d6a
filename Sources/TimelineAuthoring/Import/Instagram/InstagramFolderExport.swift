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

    /// The files of the export: those below the folders an export keeps its files in
    /// (`InstagramExportReader.topLevelNames`), at the top or in the one folder the top holds
    /// (an export moved into a folder of its own), looked up by name. Nothing else is walked,
    /// so a folder that is no export (`/`, a home folder) is not read through to its last file
    /// before the reader finds no profile.
    package func listing() -> InstagramExportListing {
        var (found, links, truncated) = ([String](), [String](), false)
        var refused: [InstagramExportListing.Refused] = []
        for top in exportFolders() {
            let path = top.joined(separator: "/")
            guard FileSystem.kind(of: Path.join(root, path)) == .directory else {
                refused.append(.init(entry: path, reason: "a symbolic link or special file is not read"))
                continue
            }
            let budget = InstagramExportSource.maximumEntries - found.count - links.count
            let part = ConfinedFolder(root: Path.join(root, path)).listing(maximumEntries: max(0, budget))
            found += part.files.map { path + "/" + $0 }
            links += part.refused.map { path + "/" + $0 }
            truncated = truncated || part.truncated
        }
        var files: [InstagramEntryPath] = []
        refused += links.map { InstagramExportListing.Refused(entry: $0, reason: "a symbolic link or special file is not read") }
        for name in found.sorted(by: { $0.utf8Precedes($1) }) {
            switch InstagramEntryPath.checked(name) {
            case .success(let path): files.append(path)
            case .failure(let refusal): refused.append(.init(entry: name, reason: refusal.description))
            }
        }
        if truncated {
            let limit = InstagramExportSource.maximumEntries
            refused.append(.init(entry: ".", reason: "the folder holds more than \(limit) entries or is nested too deep; the rest is not read"))
        }
        return InstagramExportListing(files: files, refused: refused)
    }

    /// The export's folders by name (`media`, `your_instagram_activity`, …), each as its path
    /// from the root: those at the top, else those in the one folder the top holds, else none.
    /// Two folder listings at most.
    private func exportFolders() -> [[String]] {
        func visible(_ path: String) -> [String] {
            ((try? FileSystem.entries(of: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        }
        let names = visible(root)
        let direct = names.filter(InstagramExportReader.topLevelNames.contains)
        if !direct.isEmpty { return direct.map { [$0] } }
        guard names.count == 1, let only = names.first, FileSystem.kind(of: Path.join(root, only)) == .directory else { return [] }
        return visible(Path.join(root, only)).filter(InstagramExportReader.topLevelNames.contains).map { [only, $0] }
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
