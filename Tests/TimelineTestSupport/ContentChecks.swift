import Foundation
import Testing
import TimelineAuthoring
import TimelineBuild
import TimelineContent
import TimelineModel

/// Checks shared by the authoring and import tests.
package enum ContentChecks {
    /// Runs a change that must be refused, and checks it left every file of `folder` as it
    /// was, with no file left behind (a hidden staging file would show in the snapshot).
    package static func refused(_ folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ change: () throws -> Void) throws
        -> AuthoringError
    {
        let before = try SiteFixture.snapshot(folder)
        var caught: AuthoringError?
        do {
            try change()
        } catch let error as AuthoringError {
            caught = error
        }
        #expect(try SiteFixture.snapshot(folder) == before, "the refused change altered files", sourceLocation: sourceLocation)
        return try #require(caught, "the change was not refused", sourceLocation: sourceLocation)
    }

    /// `refused` for a change that runs concurrently (`delete user`, `rename user`).
    package static func refused(_ folder: String, sourceLocation: Testing.SourceLocation = #_sourceLocation, _ change: () async throws -> Void)
        async throws -> AuthoringError
    {
        var caught: AuthoringError?
        let before = try SiteFixture.snapshot(folder)
        do {
            try await change()
        } catch let error as AuthoringError {
            caught = error
        }
        #expect(try SiteFixture.snapshot(folder) == before, "the refused change altered files", sourceLocation: sourceLocation)
        return try #require(caught, "the change was not refused", sourceLocation: sourceLocation)
    }

    /// `timeline check` on the fixture: no errors.
    package static func checkPasses(_ fixture: SiteFixture, sourceLocation: Testing.SourceLocation = #_sourceLocation) async {
        do {
            _ = try await SiteBuilder.check(fixture.options())
        } catch {
            Issue.record("check failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    package static func text(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// Every file with its modification time, to show nothing was rewritten.
    package static func modificationTimes(_ folder: String) throws -> [String: Date] {
        var times: [String: Date] = [:]
        for path in try SiteFixture.snapshot(folder).keys {
            times[path] = try FileManager.default.attributesOfItem(atPath: folder + "/" + path)[.modificationDate] as? Date
        }
        return times
    }
}
