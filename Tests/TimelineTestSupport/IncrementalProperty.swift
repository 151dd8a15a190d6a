import Foundation
import Testing
import TimelineBuild
import TimelineModel
import TimelineSystem

/// What the incremental-build property tests check after every step: the output folder is
/// byte-identical to a clean build of the same input, and a build that trusted its state touched
/// only the files whose bytes changed (every other file keeps its inode and modification time).
package enum IncrementalProperty {
    /// More sequences with TIMELINE_PROPERTY_SEQUENCES=n (the closing notes' figures used 60).
    package static let sequenceCount = ProcessInfo.processInfo.environment["TIMELINE_PROPERTY_SEQUENCES"].flatMap(Int.init) ?? 4

    /// Builds the fixture's site clean into `CleanOutput/` (its own cache folder) and expects the
    /// output folder and `report`'s warnings to match it.
    package static func expectSameAsClean(_ fixture: SiteFixture, report: BuildReport, context: String) async throws {
        var cleanOptions = BuildOptions(siteRoot: fixture.root, output: fixture.root + "/CleanOutput", cache: fixture.root + "/.clean-cache")
        cleanOptions.clean = true
        let cleanReport = try await SiteBuilder.build(cleanOptions)
        #expect(report.warnings.map { "\($0)" } == cleanReport.warnings.map { "\($0)" }, "\(context): different warnings")
        let incremental = try SiteFixture.snapshot(fixture.output)
        let clean = try SiteFixture.snapshot(fixture.root + "/CleanOutput")
        #expect(Set(incremental.keys) == Set(clean.keys), "\(context): different files")
        for (path, bytes) in clean where incremental[path] != bytes {
            Issue.record("\(context): \(path) differs from a clean build\(firstDifference(incremental[path] ?? Data(), bytes))")
        }
        #expect(try SiteFixture.folders(fixture.output) == SiteFixture.folders(fixture.root + "/CleanOutput"), "\(context): different folders")
    }

    /// The first line where `incremental` and `clean` differ, both shown, for a failure's message.
    private static func firstDifference(_ incremental: Data, _ clean: Data) -> String {
        let left = String(decoding: incremental, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let right = String(decoding: clean, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(left.count, right.count)
        guard let line = (0..<common).first(where: { left[$0] != right[$0] }) ?? (left.count == right.count ? nil : common) else { return "" }
        func shown(_ lines: [Substring]) -> String { line < lines.count ? String(lines[line].prefix(400)) : "(no line)" }
        return "; line \(line + 1): incremental \(shown(left)), clean \(shown(right))"
    }

    /// Expects that the build (`report`) left every file of `before` whose bytes it kept as it
    /// was, made no clean build, and counted exactly the files that changed.
    package static func expectOnlyChangesWritten(
        in output: String, before: [String: OutputFileRecord], report: BuildReport, context: String
    ) throws {
        let after = try OutputFileRecord.scan(output)
        for (path, old) in before {
            guard let new = after[path], new.bytes == old.bytes else { continue }
            #expect(new.inode == old.inode && new.modified == old.modified, "\(context): \(path) was rewritten with the same bytes")
        }
        let changed = after.filter { before[$0.key]?.bytes != $0.value.bytes }.count + before.keys.filter { after[$0] == nil }.count
        #expect(report.files.mode != .clean, "\(context)")
        #expect(report.files.written + report.files.deleted == changed, "\(context): reported \(report.files) but \(changed) files changed")
    }
}
