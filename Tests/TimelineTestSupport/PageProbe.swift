import Foundation
import Testing

/// What a page looked like in headless Chromium once loaded: whether the theme's stylesheet
/// applied, and each image with the width it decoded to (0 when it did not load). The page is
/// given a probe script at its end: it makes lazy images load, waits for the load event and
/// writes what it saw into the DOM.
package struct PageProbe {
    package let styled: Bool
    package let images: [(source: String, width: Int)]
    package let links: [String]
    package let document: HTMLDocument

    package static let script = """
        <script>
        for (const image of document.images) image.loading = "eager";
        addEventListener("load", () => {
          const root = getComputedStyle(document.documentElement);
          const styled = root.getPropertyValue("--accent").trim() !== "" && getComputedStyle(document.body).marginTop === "0px";
          const images = Array.from(document.images, (image) => [image.currentSrc, image.naturalWidth]);
          document.documentElement.dataset.probe = JSON.stringify({ styled, images });
        });
        </script>
        """

    /// Writes `page` (a file of the built site) with the probe into `probeFile`, opens `url`
    /// (which shows `probeFile`) and reads what the probe found.
    package static func open(_ url: String, page: String, probeFile: String) async throws -> PageProbe {
        let original = try String(contentsOfFile: page, encoding: .utf8)
        try original.replacingOccurrences(of: "</body>", with: script + "</body>").write(toFile: probeFile, atomically: true, encoding: .utf8)
        let html = try await Browser.dom(url)
        let document = try #require(HTMLDocument(data: Data(html.utf8)))
        let probe = try #require(document.values("/html/@data-probe").first, "the probe did not run: \(html.prefix(300))")
        let values = try #require(JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [String: Any])
        let images = (values["images"] as? [[Any]] ?? []).map { ($0[0] as? String ?? "", $0[1] as? Int ?? 0) }
        return PageProbe(styled: values["styled"] as? Bool ?? false, images: images, links: document.values("//a/@href"), document: document)
    }
}
