import Foundation
import Testing
import TimelineModel
import TimelineTestSupport

@testable import TimelineAuthoring
@testable import TimelineContent

/// What a killed import staged (`StagingLeftovers`) is removed by the next import or build,
/// unless its process still runs. The hostile zips the import reads to the end, whatever they
/// hold, are cases of the hostile-input corpus (`HostileCorpus`).
@Suite("Staging leftovers")
struct StagingLeftoverTests {
    static let profile = #"{"profile_user": [{"string_map_data": {"Username": {"value": "ines"}}}]}"#

    @Test("what a killed import staged is removed by the next import and the next build, unless its process still runs")
    func stagingLeftovers() async throws {
        let fixture = try SiteFixture.small()
        let ended = try EndedProcess.id()
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
