import Foundation
import TimelineSystem

/// What every case of the hostile-input corpus is held to, whatever it expects.
package enum HostileBounds {
    /// The command ends by itself before this: past it, it is killed and the case fails. A
    /// bound on a hang, not a duration: the cases take a second or two each.
    package static let seconds = Int(Duration.seconds(24).allowingSlowRuns.components.seconds)
    /// The most memory the command (and FFmpeg under it) may hold resident.
    package static let peakResidentBytes = 512 << 20
    /// The most bytes `Content/`, `Output/` and the cache may hold after the command, linear
    /// in the input (the export and the content before).
    package static func writtenBytes(forInput input: Int) -> Int { (20 << 20) + 50 * input }
    /// The most the command may write on standard error.
    package static let messageBytes = 64 << 10
}

/// One case of the corpus run: its input made in a fresh site, the `timeline` executable run on
/// it as a child process under `HostileBounds`, and the site looked at before and after.
package struct HostileRun {
    /// The site, removed when the run is dropped.
    package let site: SiteFixture
    package let arguments: [String]
    /// The export as the command was given it (the prefix of its report lines).
    package let export: String?
    /// Nil when the executable could not be started.
    package let outcome: ChildProcess.Outcome?
    package let inputBytes: Int
    package let writtenBytes: Int
    /// Every file (size and CRC-32) and folder of `Content/` and `Output/`, before and after.
    package let before: [String: String]
    package let after: [String: String]
    /// Staged files and folders a command left behind (`.x.new-<pid>-<n>`, `.tmp-`, `.pending`).
    package let leftovers: [String]
    /// The post folders of `Content/posts/` after the run.
    package let postFolders: Int

    package static func run(_ hostile: HostileCase) async throws -> HostileRun {
        let site: SiteFixture
        var export: String?
        switch hostile.input {
        case .zip(let make):
            site = try SiteFixture()
            export = site.root + "/export.zip"
            try Data(try make()).write(to: URL(fileURLWithPath: site.root + "/export.zip"))
        case .folder(let make):
            site = try SiteFixture()
            export = site.root + "/export"
            try InstagramExportFixture.writeFolder(try make(), at: site.root + "/export")
        case .existing(let path):
            site = try SiteFixture()
            export = path
        case .content(let change):
            site = try SiteFixture.small()
            try change(site)
        }
        let arguments: [String]
        switch hostile.command {
        case .importInstagram: arguments = ["import", "instagram", export ?? "", "--content", site.content]
        case .check: arguments = ["check", site.root]
        case .build: arguments = ["build", "--json", site.root]
        }
        let exportBytes = export.map { $0 == "/" ? 0 : Self.bytes(under: $0) } ?? 0
        let inputBytes = exportBytes + Self.bytes(under: site.content)
        let before = try Self.digests(site)
        let executable = RepositoryPaths.timelineExecutable
        let limits = ChildProcess.Limits(timeoutSeconds: HostileBounds.seconds, memoryBytes: 0)
        let outcome = try await HTTPProbe.onThread { ChildProcess.run(executable, arguments: arguments, limits: limits, measuringMemory: true) }
        let written = [site.content, site.output, site.root + "/.timeline-cache"].map(Self.bytes(under:)).reduce(0, +)
        return HostileRun(
            site: site, arguments: arguments, export: export, outcome: outcome, inputBytes: inputBytes, writtenBytes: written, before: before,
            after: try Self.digests(site), leftovers: Self.leftovers(under: site.root), postFolders: Self.postFolders(site.content + "/posts"))
    }

    package var standardError: String { String(decoding: outcome?.messages ?? [], as: UTF8.self) }
    package var standardOutput: String { String(decoding: outcome?.output ?? [], as: UTF8.self) }

    /// Control characters the terminal would act on in `bytes` (everything but the line break
    /// and the tab of C0, DEL, and C1 as UTF-8).
    package static func rawControls(_ bytes: [UInt8]) -> Int {
        var count = 0
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F { count += 1 }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) { count += 1 }
        }
        return count
    }

    /// What the import reported it left out: each line `<export>: <file> <path>: skipped <what>: <reason>`
    /// as `<file> <path>: skipped <what>`.
    package var skipped: [String] {
        guard let export else { return [] }
        return standardError.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(export + ": "), let marker = line.range(of: ": skipped ") else { return nil }
            let what = line[marker.upperBound...].range(of: ": ").map { line[marker.upperBound..<$0.lowerBound] } ?? line[marker.upperBound...]
            return line[line.index(line.startIndex, offsetBy: export.count + 2)..<marker.lowerBound] + ": skipped " + what
        }
    }

    /// Where the errors on standard error are, `path:line`.
    package var errorPlaces: [String] {
        standardError.split(separator: "\n").compactMap { line -> String? in
            guard let marker = line.range(of: ": error: ") else { return nil }
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            return place.count >= 3 ? place.dropLast().joined(separator: ":") : nil
        }
    }

    /// The codes of the errors in `build --json`'s report.
    package var reportedCodes: [String] {
        guard let report = try? JSONSerialization.jsonObject(with: Data(outcome?.output ?? [])) as? [String: Any],
            let errors = report["errors"] as? [[String: Any]]
        else { return [] }
        return errors.compactMap { $0["code"] as? String }
    }

    // MARK: Looking at the site

    /// Every file and folder under `folder` (symbolic links not followed).
    static func entries(under folder: String) -> [(path: String, isFolder: Bool, size: Int)] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [(String, Bool, Int)] = []
        while let path = enumerator.nextObject() as? String {
            let attributes = enumerator.fileAttributes ?? [:]
            let type = attributes[.type] as? FileAttributeType
            found.append((path, type == .typeDirectory, (attributes[.size] as? NSNumber)?.intValue ?? 0))
        }
        return found
    }

    static func bytes(under path: String) -> Int {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return 0 }
        guard isFolder.boolValue else { return ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.intValue ?? 0 }
        return entries(under: path).filter { !$0.isFolder }.map(\.size).reduce(0, +)
    }

    static func digests(_ site: SiteFixture) throws -> [String: String] {
        var digests: [String: String] = [:]
        for (name, folder) in [("Content", site.content), ("Output", site.output)] {
            for entry in entries(under: folder) {
                let path = name + "/" + entry.path
                if entry.isFolder {
                    digests[path] = "folder"
                } else {
                    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/" + entry.path)))
                    digests[path] = "\(bytes.count) \(CRC32.checksum(bytes))"
                }
            }
        }
        return digests
    }

    static func leftovers(under root: String) -> [String] {
        entries(under: root).map(\.path).filter { path in
            let name = (path as NSString).lastPathComponent
            return (name.hasPrefix(".") && name.contains(".new-")) || name.contains(".tmp-") || (name.hasPrefix(".") && name.hasSuffix(".pending"))
        }
    }

    static func postFolders(_ posts: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: posts)) ?? []).filter { !$0.hasPrefix(".") }.count
    }
}
