import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineContent
@testable import TimelineModel

/// The record cache keeps no dependencies of its own: a whole pass finds each record's inputs
/// in the input snapshot, and takes the record only while they are those it was read from.
@Suite("Record reuse")
struct RecordReuseTests {
    @Test("a whole pass takes every record the last one read; a post an edit build changed since, or any without a snapshot, is read again")
    func reuse() async throws {
        var model = SiteModel.initial()
        model.updateUser("bob") { $0.avatar = SiteModel.Avatar.next(after: nil, of: "bob") }
        let fixture = try SiteFixture()
        try model.sync(to: fixture.root)
        var options = fixture.options()
        options.racyWindowNanoseconds = 0
        _ = try await SiteBuilder.build(options)
        let state = BuildState(options: options, startedAt: WallClock.nanoseconds)
        let first = try #require(state.previousRecords())
        #expect(first.users.count == model.users.count && first.posts.count == model.posts.count)
        #expect(first.users.values.contains { $0.dependencies.count > 1 }, "a user with an avatar")
        // What a clean build takes identities from: each record's inputs, without the records.
        let known = try #require(state.previousInputs())
        for (name, entry) in first.posts { #expect(known(ContentLayout.postFolder(named: name)) == entry.dependencies, "\(name)") }
        for (name, entry) in first.users { #expect(known(ContentLayout.fileInUsersFolder(named: name)) == entry.dependencies, "\(name)") }

        let edited = model.posts[0].id
        model.posts[0].comments.append(SiteModel.Comment(id: "-KZ000000000000000zz", author: "bob", text: "Again"))
        try model.sync(to: fixture.root)
        #expect(try await SiteBuilder.build(options).files.mode == .edit)
        let afterEdit = try #require(state.previousRecords())
        #expect(afterEdit.posts.count == model.posts.count - 1 && afterEdit.posts[edited] == nil)
        #expect(afterEdit.users.count == model.users.count)

        try FileSystem.removeFileIfPresent(state.folder.inputsFile)
        #expect(state.previousRecords() == nil && state.previousInputs() == nil)
    }
}
