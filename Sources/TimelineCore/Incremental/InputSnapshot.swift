import Synchronization

/// The state of every input of the last complete build: each file and folder under the content
/// and templates folders with its size, times and inode, the options, and the report the build
/// gave. When all of it is still the same, a build has nothing to do and returns that report
/// after one `stat` per input, without reading a file. A folder's times change when an entry is
/// added, removed or renamed in it, and a file's when it is written, so nothing is missed.
struct InputSnapshot: Sendable {
    struct Entry: Sendable, Equatable {
        let path: String
        let status: FileSystem.Status
    }

    static let magic = Array("timeline-inputs".utf8)
    /// A file changed this close to the start of the build that read it might change again
    /// within the file system's timestamp granularity without its times moving: such a snapshot
    /// is not kept (git's "racily clean" problem).
    static let racyWindowNanoseconds: Int64 = 1_000_000_000

    let options: Digest
    let entries: [Entry]
    let report: SavedReport

    /// Every file and folder below `roots`, or nil when one cannot be read or is a symbolic link
    /// to a folder (whose contents could change without any time below the roots moving), or
    /// when an input changed after `buildStart - racyWindow`.
    static func capture(roots: [String], options: Digest, report: SavedReport, buildStart: Int64) -> InputSnapshot? {
        var entries: [Entry] = []
        for root in roots {
            guard let status = FileSystem.status(of: root), status.isDirectory, walk(root, into: &entries) else { return nil }
            entries.append(Entry(path: root, status: status))
        }
        let racy = buildStart - racyWindowNanoseconds
        guard !entries.contains(where: { $0.status.modifiedNanoseconds >= racy || $0.status.changedNanoseconds >= racy }) else { return nil }
        return InputSnapshot(options: options, entries: entries, report: report)
    }

    private static func walk(_ folder: String, into entries: inout [Entry]) -> Bool {
        for entry in FileSystem.directoryEntries(of: folder) {
            let path = folder + "/" + entry.name
            guard let status = FileSystem.status(of: path) else { return false }
            if status.isDirectory {
                guard entry.isDirectory, walk(path, into: &entries) else { return false }
            }
            entries.append(Entry(path: path, status: status))
        }
        return true
    }

    /// Whether every input still has the status recorded; stops at the first difference.
    func isCurrent(options current: Digest) async -> Bool {
        guard current == options else { return false }
        let entries = self.entries
        let changed = ChangeFlag()
        await withTaskGroup(of: Void.self) { group in
            for range in ParallelMap.chunkRanges(count: entries.count) {
                group.addTask {
                    for index in range {
                        if index & 255 == 0, changed.isSet { return }
                        if FileSystem.status(of: entries[index].path) != entries[index].status {
                            changed.set()
                            return
                        }
                    }
                }
            }
        }
        return !changed.isSet
    }

    /// Lets the other tasks stop as soon as one finds a change.
    private final class ChangeFlag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .relaxed) }
        func set() { value.store(true, ordering: .relaxed) }
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.raw(Self.magic)
        writer.digest(options)
        report.encode(into: &writer)
        writer.number(entries.count)
        for entry in entries {
            writer.string(entry.path)
            let status = entry.status
            writer.number(status.size)
            writer.number(Int(status.modifiedNanoseconds))
            writer.number(Int(status.changedNanoseconds))
            writer.number(status.inode)
            writer.number(status.isDirectory ? 1 : 0)
        }
        return writer.bytes
    }

    static func decode(_ bytes: [UInt8]) throws(ByteReader.Malformed) -> InputSnapshot {
        var reader = ByteReader(bytes)
        guard Array(try reader.slice(magic.count)) == magic else { throw ByteReader.Malformed() }
        let options = try reader.digest()
        let report = try SavedReport.decode(from: &reader)
        let count = try reader.count()
        var entries: [Entry] = []
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let path = try reader.string()
            let status = FileSystem.Status(
                size: try reader.count(limit: Int.max), modifiedNanoseconds: try reader.signed(), changedNanoseconds: try reader.signed(),
                inode: try reader.number(), isDirectory: try reader.number() == 1)
            entries.append(Entry(path: path, status: status))
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return InputSnapshot(options: options, entries: entries, report: report)
    }
}

/// What a build reported that a build with nothing to do reports again: the counts, and the
/// warnings, so that a no-op build in CI shows (and under `--strict` fails on) the same ones.
struct SavedReport: Sendable {
    var pageCount: Int
    var fileCount: Int
    var userCount: Int
    var postCount: Int
    var basePath: String
    var warnings: [Diagnostic]
    var images: ImagePipeline.Statistics
    var search: SearchIndex.Statistics

    func encode(into writer: inout ByteWriter) {
        for number in [pageCount, fileCount, userCount, postCount, images.images, search.fileCount, search.byteCount, search.termCount, search.chunkCount, search.tailCount] {
            writer.number(number)
        }
        writer.string(basePath)
        writer.number(warnings.count)
        for warning in warnings {
            writer.string(warning.severity.rawValue)
            writer.string(warning.code.rawValue)
            writer.string(warning.stage.rawValue)
            writer.string(warning.location.path)
            writer.number(warning.location.line ?? 0)
            writer.number(warning.location.column ?? 0)
            writer.string(warning.message)
        }
    }

    static func decode(from reader: inout ByteReader) throws(ByteReader.Malformed) -> SavedReport {
        var numbers: [Int] = []
        for _ in 0..<10 { numbers.append(try reader.count(limit: Int.max)) }
        let basePath = try reader.string()
        var warnings: [Diagnostic] = []
        for _ in 0..<(try reader.count()) {
            guard let severity = Diagnostic.Severity(rawValue: try reader.string()), let code = DiagnosticCode(rawValue: try reader.string()),
                let stage = BuildStage(rawValue: try reader.string())
            else { throw ByteReader.Malformed() }
            let path = try reader.string()
            let line = try reader.count(), column = try reader.count()
            let location = SourceLocation(path: path, line: line == 0 ? nil : line, column: column == 0 ? nil : column)
            warnings.append(Diagnostic(severity, code, stage: stage, at: location, try reader.string()))
        }
        var images = ImagePipeline.Statistics()
        images.images = numbers[4]
        let search = SearchIndex.Statistics(fileCount: numbers[5], byteCount: numbers[6], termCount: numbers[7], chunkCount: numbers[8], tailCount: numbers[9])
        return SavedReport(
            pageCount: numbers[0], fileCount: numbers[1], userCount: numbers[2], postCount: numbers[3], basePath: basePath, warnings: warnings, images: images,
            search: search)
    }
}
