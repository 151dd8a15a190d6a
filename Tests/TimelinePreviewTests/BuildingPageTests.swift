import Foundation
import HTTPTypes
import Hummingbird
import Testing
import TimelineTestSupport

@testable import TimelinePreview

/// Before the preview's first build has finished, every page says so and asks to be retried,
/// and reloads itself when the build is done; afterwards the site is served.
@Suite("Preview: the first build")
struct BuildingPageTests {
    static func request(_ path: String) -> Request {
        Request(head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1:8000", path: path), body: RequestBody(buffer: ByteBuffer()))
    }

    @Test("before the first build: 503 with Retry-After and a page that reloads when the build is done; after it, the site")
    func buildingPage() throws {
        let fixture = try SiteFixture.small()
        try FileManager.default.createDirectory(atPath: fixture.output, withIntermediateDirectories: true)
        try Data("<!doctype html><title>Home</title><body>home</body>".utf8).write(to: URL(fileURLWithPath: fixture.output + "/index.html"))
        let responder = StaticFileResponder(folder: ServedFolder(root: fixture.output))

        for path in ["/", "/index.html", "/p/-K25Fj8qrMAtxXG3QCSn/"] {
            let building = responder.respond(to: Self.request(path), state: PreviewState.Snapshot(generation: 0, basePath: "/", failure: nil))
            #expect(building.status == .serviceUnavailable, "\(path)")
            #expect(building.headers[.retryAfter] == String(BuildingPage.retryAfterSeconds))
            #expect(building.headers[.cacheControl] == "no-store")
        }
        #expect(BuildingPage.page().contains("Building the site"))
        #expect(BuildingPage.page().contains(ReloadScript.eventsPath), "the page listens for the build's end")

        let built = responder.respond(to: Self.request("/"), state: PreviewState.Snapshot(generation: 1, basePath: "/", failure: nil))
        #expect(built.status == .ok)
    }
}
