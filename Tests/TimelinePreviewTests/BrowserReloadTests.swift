import Foundation
import Testing
import TimelineTestSupport

/// A real browser (headless Chromium) keeps a served page open; after a caption is saved, the
/// page must ask for itself again (the reload the injected script does), and after a
/// stylesheet is saved it must fetch the stylesheet again without reloading the page. The
/// server counts the requests for each path.
@Suite("Live reload in a browser", .serialized)
struct BrowserReloadTests {
    @Test(
        "a page open in Chromium reloads after an edit, and swaps its stylesheet after a CSS edit",
        .enabled(if: Browser.executable != nil, "chromium is not installed (apt-get install -y chromium); make test-deps installs it"))
    func pageReloads() async throws {
        let chromium = try #require(Browser.executable)
        let fixture = try SiteFixture.small()
        let preview = try await RunningPreview.start(fixture)
        defer { Task { await preview.stop() } }
        let page = "/p/\(PreviewServerTests.firstPost)/"
        let profile = fixture.root + "/chromium-profile"
        let browser = try BackgroundProcess(
            chromium, Browser.arguments(profile: profile) + ["http://127.0.0.1:\(preview.port)\(page)"])
        defer { browser.signal(SIGKILL) }

        let state = preview.server.state
        let opened = try await BackgroundProcess.wait(timeout: .seconds(60)) {
            let subscribers = await preview.server.broadcaster.subscriberCount
            return await state.requestCount(for: page) >= 1 && subscribers >= 1
        }
        try #require(opened, "Chromium did not open the page and its event stream: \(browser.standardError.suffix(2000))")
        let stylesheetRequests = await state.requestCount(for: "/assets/style.css")

        try fixture.post(PreviewServerTests.firstPost, by: "alice", caption: "Caption edited while the browser watches", photo: nil)
        let reloaded = try await BackgroundProcess.wait(timeout: .seconds(60)) { await state.requestCount(for: page) >= 2 }
        #expect(reloaded, "the page was not requested again after the edit")

        // Wait for the reloaded page's own event stream before the stylesheet edit.
        let reconnected = try await BackgroundProcess.wait(timeout: .seconds(30)) {
            let subscribers = await preview.server.broadcaster.subscriberCount
            return await state.requestCount(for: "/_timeline/events") >= 2 && subscribers >= 1
        }
        try #require(reconnected)
        let pageRequests = await state.requestCount(for: page)
        let stylesheetsBefore = max(stylesheetRequests, await state.requestCount(for: "/assets/style.css"))
        let original = try String(contentsOfFile: fixture.root + "/Templates/assets/style.css", encoding: .utf8)
        try fixture.write("Templates/assets/style.css", original + "\nbody { background: #fee; }\n")
        let swapped = try await BackgroundProcess.wait(timeout: .seconds(60)) {
            await state.requestCount(for: "/assets/style.css") > stylesheetsBefore
        }
        #expect(swapped, "the stylesheet was not fetched again after the CSS edit")
        #expect(await state.requestCount(for: page) == pageRequests, "a CSS edit reloaded the whole page")
    }
}
