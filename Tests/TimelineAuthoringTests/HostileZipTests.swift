import Foundation
import Testing
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// Zip archives made byte by byte, as no zip tool writes them: the Instagram import reads each
/// entry's own bytes only, so every import ends, whatever an archive holds.
@Suite("Hostile zip archives")
struct HostileZipTests {
    /// One entry as the archive states it: its data as stored, and what the headers claim.
    struct Entry {
        var name: String
        var method: UInt16 = 0
        var data: [UInt8]
        var uncompressedSize: UInt32? = nil
        var checksum: UInt32? = nil
        /// nil: the data's length; `.max`: every byte from the data's start to the end of the
        /// archive (its central directory included).
        var compressedSize: UInt32? = nil
    }

    /// A zip archive of `entries`: local headers and data, then the central directory.
    static func archive(_ entries: [Entry]) -> [UInt8] {
        var bytes: [UInt8] = []
        var directory: [UInt8] = []
        var patches: [(local: Int, central: Int)] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let offset = bytes.count
            let checksum = entry.checksum ?? CRC32.checksum(entry.data)
            let compressed = entry.compressedSize ?? UInt32(entry.data.count)
            let uncompressed = entry.uncompressedSize ?? UInt32(entry.data.count)
            bytes += le32(0x0403_4b50) + le16(20) + le16(0) + le16(entry.method) + le32(0) + le32(checksum)
            let localSizes = bytes.count
            bytes += le32(compressed) + le32(uncompressed) + le16(UInt16(name.count)) + le16(0) + name
            bytes += entry.data
            directory += le32(0x0201_4b50) + le16(0x031E) + le16(20) + le16(0) + le16(entry.method) + le32(0) + le32(checksum)
            let centralSizes = directory.count
            directory += le32(compressed) + le32(uncompressed) + le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0)
            directory += le32(0o100644 << 16) + le32(UInt32(offset)) + name
            if entry.compressedSize == .max { patches.append((localSizes, centralSizes)) }
        }
        let directoryOffset = bytes.count
        bytes += directory
        bytes += le32(0x0605_4b50) + le16(0) + le16(0) + le16(UInt16(entries.count)) + le16(UInt16(entries.count))
        bytes += le32(UInt32(directory.count)) + le32(UInt32(directoryOffset)) + le16(0)
        // An entry whose data runs to the end of the archive: its size known only now.
        for (local, central) in patches {
            let nameLength = Int(bytes[local + 8]) | Int(bytes[local + 9]) << 8
            let size = le32(UInt32(bytes.count - (local + 12 + nameLength)))
            bytes.replaceSubrange(local..<local + 4, with: size)
            bytes.replaceSubrange(directoryOffset + central..<directoryOffset + central + 4, with: size)
        }
        return bytes
    }

    static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func le32(_ value: UInt32) -> [UInt8] { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }

    /// A deflate stream that never ends: a stored block, not the last, that claims 65,535
    /// bytes, so it runs on over whatever follows (here the central directory).
    static let endlessDeflate: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00] + Array("the start of a photo".utf8)

    static let profile = #"{"profile_user": [{"string_map_data": {"Username": {"value": "ines"}}}]}"#
    static let posts = """
        [{"title": "Endless", "creation_timestamp": 1650000000, "media": [{"uri": "media/endless.jpg"}]},
         {"title": "Fine", "creation_timestamp": 1650000100, "media": [{"uri": "media/fine.jpg"}]}]
        """

    /// The export with `endless` last, its data followed by the central directory.
    static func export(endless: Entry, photo: [UInt8]) -> [UInt8] {
        archive([
            Entry(name: "personal_information/personal_information/personal_information.json", data: Array(profile.utf8)),
            Entry(name: InstagramExportFixture.postsFile, data: Array(posts.utf8)),
            Entry(name: "media/fine.jpg", data: photo),
            endless,
        ])
    }

    /// The export whose last entry's deflate stream is stored blocks that run over the central
    /// directory to the end of the archive, the archive ending on a multiple of 256 KiB from
    /// the entry's data, and the stream unfinished there: a reader that reads on past the
    /// entry's data in 256 KiB chunks waits at the end of the file for bytes that never come.
    static func wrappingExport(photo: [UInt8]) -> [UInt8] {
        var entry = Entry(name: "media/endless.jpg", method: 8, data: [], uncompressedSize: 1 << 20)
        let empty = export(endless: entry, photo: photo)
        let end = empty.count - 22
        let directoryOffset = Int(empty[end + 16]) | Int(empty[end + 17]) << 8 | Int(empty[end + 18]) << 16 | Int(empty[end + 19]) << 24
        let tail = empty.count - directoryOffset
        let block: [UInt8] = [0x00, 0xFF, 0xFF, 0x00, 0x00]
        let full = block + [UInt8](repeating: 0, count: 0xFFFF)
        entry.data = full + full + full + block
        entry.data += [UInt8](repeating: 0, count: (1 << 18) - tail - entry.data.count)
        return export(endless: entry, photo: photo)
    }

    /// The entry's deflate stream claims more data than it has: within its stated size,
    /// running over the central directory to the end of the archive, and in 256 KiB chunks.
    static func endlessExport(_ index: Int, photo: [UInt8]) -> [UInt8] {
        switch index {
        case 0: export(endless: Entry(name: "media/endless.jpg", method: 8, data: endlessDeflate, uncompressedSize: 1 << 20), photo: photo)
        case 1:
            export(
                endless: Entry(name: "media/endless.jpg", method: 8, data: endlessDeflate, uncompressedSize: 1 << 20, compressedSize: .max),
                photo: photo)
        default: wrappingExport(photo: photo)
        }
    }

    @Test("a deflate stream that never ends is refused once the entry's data is used up", arguments: 0..<3)
    func endlessStream(index: Int) throws {
        let fixture = try SiteFixture()
        let path = fixture.root + "/export.zip"
        let photo = try Array(Data(contentsOf: URL(fileURLWithPath: RepositoryPaths.samplePhoto)))
        try Data(Self.endlessExport(index, photo: photo)).write(to: URL(fileURLWithPath: path))

        let source = try InstagramExportSource.open(path)
        #expect {
            try source.copy(InstagramEntryPath(segments: ["media", "endless.jpg"]), to: fixture.root + "/copy.jpg")
        } throws: { error in
            guard case .unreadable = error as? InstagramEntryError else { return false }
            return true
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.root + "/copy.jpg"))

        // The import skips that post, reports it, and imports the next one.
        var issues: [InstagramIssue] = []
        let summary = try InstagramImport(exportPath: path, folder: ContentFolder(.folder(fixture.content, shownAs: "Content/"))).run {
            issues.append($0)
        }
        #expect(summary.postsAdded == 1, "\(issues)")
        let skipped = issues.filter { $0.skipped == "this post" }
        #expect(skipped.map { "\($0.file) \($0.path)" } == ["\(InstagramExportFixture.postsFile) /0/media/0/uri"], "\(issues)")
    }

    @Test("an encrypted entry is listed as refused, and the entries after it are read")
    func encryptedEntry() throws {
        let fixture = try SiteFixture()
        let path = fixture.root + "/export.zip"
        var bytes = Self.archive([
            Entry(name: "media/secret.jpg", data: Array("secret".utf8)),
            Entry(name: "personal_information/personal_information/personal_information.json", data: Array(Self.profile.utf8)),
        ])
        // Set the encryption flag of the first entry in its local header and the central directory.
        bytes[6] |= 1
        let central = try #require((0..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Self.le32(0x0201_4b50) })
        bytes[central + 8] |= 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try InstagramExportReader(exportAt: path).read()
        #expect(result.profile?.username == "ines")
        #expect(result.issues.filter { $0.skipped == "this entry" }.map(\.file) == ["media/secret.jpg"], "\(result.issues)")
    }

    /// The ID of a process that has ended.
    static func endedProcessID() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test("what a killed import staged is removed by the next import and the next build, unless its process still runs")
    func stagingLeftovers() async throws {
        let fixture = try SiteFixture.small()
        let ended = try Self.endedProcessID()
        let leftovers = ["Content/posts/.-K9aaaaaaaaaaaaaaaaa.new-\(ended)-3", "Content/users/.ines.json.new-\(ended)-1"]
        // Process 1 runs as long as the system does: what it stages is left alone.
        let running = "Content/posts/.-K9bbbbbbbbbbbbbbbbb.new-1-1"
        func plant() throws {
            try fixture.write(leftovers[0] + "/photo.jpg", "half a photo")
            try fixture.write(leftovers[1], "{")
            try fixture.write(running + "/post.md", "---")
        }
        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: fixture.root + "/" + path) }

        try plant()
        let export = fixture.root + "/export"
        try InstagramExportFixture.writeFolder(
            ["personal_information/personal_information/personal_information.json": Data(Self.profile.utf8)], at: export)
        _ = try InstagramImport(exportPath: export, folder: ContentFolder(.folder(fixture.content, shownAs: "Content/"))).run { _ in }
        #expect(!leftovers.contains(where: exists) && exists(running))

        try plant()
        _ = try await fixture.build()
        #expect(!leftovers.contains(where: exists) && exists(running))
    }
}
