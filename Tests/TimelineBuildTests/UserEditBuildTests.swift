import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel

/// Edits of a user's file that keep their username and avatar (a follow, an unfollow, a new
/// name or bio) are edit builds, from the command line and in a live session, and their output
/// is a clean build's.
@Suite("User edit builds")
struct UserEditBuildTests {
    @Test(
        "following, unfollowing and a new name and bio are edit builds, from the command line and in a session; each equals a clean build",
        arguments: [false, true])
    func followsAndProfiles(throughSession: Bool) async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        let options = fixture.options()
        let session = BuildSession(options: options)
        func build(changes: [String]) async throws -> BuildReport {
            throughSession ? try await session.build(changes: changes) : try await SiteBuilder.build(options)
        }
        _ = try await build(changes: [])
        let steps: [(String, (inout SiteModel) -> Void)] = [
            ("alice follows carol", { $0.users[0].follows.append("carol") }),
            (
                "alice is renamed, with a bio",
                { model in
                    model.users[0].name = "Alice Renamed"
                    model.users[0].bio = "Now with *a* bio."
                }
            ),
            ("bob unfollows alice and carol", { $0.users[1].follows = [] }),
            ("carol follows everyone", { $0.users[2].follows = ["alice", "bob"] }),
        ]
        for (name, change) in steps {
            change(&model)
            let changes = try model.sync(to: fixture.root)
            let report = try await build(changes: changes)
            #expect(report.files.mode == .edit, "\(name): \(report.files)")
            try await IncrementalProperty.expectSameAsClean(fixture, report: report, context: name)
        }
        #expect(try fixture.read("u/bob/following/index.html").contains("alice") == false)
        let again = try await build(changes: [])
        #expect(again.files.written == 0 && again.files.deleted == 0, "\(again.files)")
    }

    @Test("a follow of a user the site does not have is no edit build: the whole pass reports it and leaves the output as it was")
    func unknownFollow() async throws {
        var model = SiteModel.initial()
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        let session = BuildSession(options: fixture.options())
        _ = try await session.build()
        let before = try OutputFileRecord.scan(fixture.output)
        model.users[0].follows.append("nobody")
        let changes = try model.sync(to: fixture.root)
        await #expect(throws: BuildFailure.self) { try await session.build(changes: changes) }
        #expect(try OutputFileRecord.scan(fixture.output) == before)
    }
}
