import Foundation
import Testing

/// The IDs of the rules axe-core finds broken on a built page of `fixture` (changed by `plant`
/// first), run once the page and its scripts have loaded. The page is written beside itself as
/// `<page>.axe.html`, with the harness before `</body>`; axe-core's script
/// (`scripts/axe-core.sh` prints its path) must have been copied to the output's
/// `assets/axe.min.js`, and the site built with relative links, since the page is opened from
/// the folder.
package func axeViolations(_ fixture: SiteFixture, _ page: String, plant: (String) -> String = { $0 }) async throws -> [String] {
    let prefix = String(repeating: "../", count: page.split(separator: "/").count - 1)
    let harness = """
        <script src="\(prefix)assets/axe.min.js"></script>
        <script>addEventListener("load", () => axe.run(document, {resultTypes: ["violations"]}).then((result) => \
        document.documentElement.setAttribute("data-axe", result.violations.map((violation) => violation.id).join(" "))))</script>
        </body>
        """
    let html = plant(try fixture.read(page).replacingOccurrences(of: "</body>", with: harness))
    let path = fixture.output + "/" + page + ".axe.html"
    try html.write(toFile: path, atomically: true, encoding: .utf8)
    let document = try #require(HTMLDocument(data: Data(try await Browser.dumpedDOM("file://" + path).utf8)))
    let found = try #require(document.values("/html/@data-axe").first, "axe-core did not run on \(page)")
    return found.split(separator: " ").map(String.init)
}

extension Browser {
    /// The DOM of `url` after its scripts ran (a virtual time budget of ten seconds), as
    /// serialised HTML; Chromium's failure is a failed expectation of the test that asked.
    package static func dumpedDOM(_ url: String) async throws -> String {
        let executable = try #require(Self.executable, "Chromium is not installed")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let result = try await Subprocess.run(
            executable, arguments(profile: profile) + ["--virtual-time-budget=10000", "--dump-dom", url], timeout: .seconds(120))
        #expect(result.status == 0, "\(result.standardError.suffix(2000))")
        return result.standardOutput
    }
}
