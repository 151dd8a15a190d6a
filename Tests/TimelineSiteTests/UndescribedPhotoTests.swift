import Foundation
import Testing
import TimelineModel
import TimelineTestSupport

/// Photos without alt text, as every photo of an Instagram import is: each link to a post is
/// named by its author and date whatever the photo's alt says, a video's as a video, and the
/// missing alt text is still a warning.
@Suite("Photos without alt text")
struct UndescribedPhotoTests {
    @Test("every link around a post's photo is named by its author and date, a video's as a video; a video's post page says it is one")
    func linkNames() async throws {
        let fixture = try UndescribedSite.make()
        let report = try await fixture.build()
        #expect(report.warnings.map(\.code) == Array(repeating: .missingAltText, count: 5), "\(report.warnings)")

        let author = UndescribedSite.author
        for (path, links) in [("index.html", "//a[@class='card-photo']"), ("u/ines_duarte/index.html", "//ul[@class='grid']//a")] {
            let page = try #require(HTMLDocument(path: fixture.output + "/" + path))
            let names = page.values(links).map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            #expect(names.count == 3, "\(path)")
            #expect(names.first?.hasPrefix("Video by \(author), ") == true, "\(path): \(names)")
            #expect(names.dropFirst().allSatisfy { $0.hasPrefix("Photo by \(author), ") }, "\(path): \(names)")
        }
        let home = try #require(HTMLDocument(path: fixture.output + "/index.html"))
        #expect(home.text("//article[1]//footer//a") == "0 likes 0 comments on this video by \(author)")

        let video = try #require(HTMLDocument(path: fixture.output + "/p/\(UndescribedSite.videoPost)/index.html"))
        #expect(video.text("//h1") == "Video by \(author)")
        #expect(video.text("//title")?.hasPrefix("Video by \(author)") == true)
        let photo = try #require(HTMLDocument(path: fixture.output + "/p/\(UndescribedSite.photoPost)/index.html"))
        #expect(photo.text("//h1") == "Photo by \(author)")
    }

    @Test(
        "axe-core finds no violation on any kind of page of a site whose photos have no alt text (home, profile, timeline, posts, tags, people)",
        .enabled(if: Browser.shouldRun))
    func axe() async throws {
        let fixture = try UndescribedSite.make()
        _ = try await fixture.build()
        let located = try await Subprocess.run(RepositoryPaths.root + "/scripts/axe-core.sh", [])
        #expect(located.status == 0, "\(located.standardError)")
        let script = located.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        try FileManager.default.copyItem(atPath: script, toPath: fixture.output + "/assets/axe.min.js")
        for page in UndescribedSite.pages {
            let violations = try await axeViolations(fixture, page)
            #expect(violations == [], "\(page): \(violations)")
        }
    }

    @Test("its pages pass the Nu HTML checker")
    func validHTML() async throws {
        let fixture = try UndescribedSite.make()
        _ = try await fixture.build()
        let result = try await Subprocess.run(RepositoryPaths.root + "/scripts/nu-check.sh", [fixture.output])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("no errors or warnings"))
    }
}
