/// The script the preview adds to every HTML page it serves (never to the files in the output
/// folder). It listens to the server's events:
///
/// - `hello` on each (re)connection, with the site's current generation: a page from an older
///   generation (a rebuild finished between serving the page and connecting) reloads;
/// - `reload` after a rebuild, and `failed` after a failed one (the page then comes back with
///   the error panel): the page reloads;
/// - `stylesheets` after a rebuild in which only stylesheets changed: each
///   `<link rel=stylesheet>` gets a cache-busting query instead of a full reload.
public enum ReloadScript {
    /// Where the events are served.
    public static let eventsPath = "/_timeline/events"

    /// The `<script>` element for a page served at `generation`.
    public static func element(generation: Int) -> String {
        """
        <script data-timeline-preview>
        (function () {
          var generation = \(generation);
          if (!window.EventSource) return;
          var source = new EventSource("\(eventsPath)");
          function reload() { source.close(); location.reload(); }
          source.addEventListener("hello", function (event) {
            if (Number(event.data) !== generation) reload();
          });
          source.addEventListener("reload", reload);
          source.addEventListener("failed", reload);
          source.addEventListener("stylesheets", function (event) {
            generation = Number(event.data);
            var links = document.querySelectorAll('link[rel~="stylesheet"]');
            for (var i = 0; i < links.length; i++) {
              var url = new URL(links[i].href, location.href);
              url.searchParams.set("timeline-reload", String(Date.now()));
              links[i].href = url.href;
            }
          });
        })();
        </script>
        """
    }

    /// Inserts `snippet` before the last `</body>` (any case), or at the end when there is none.
    static func inject(_ snippet: String, into page: [UInt8]) -> [UInt8] {
        let closing = Array("</body".utf8)
        var index = page.count - closing.count
        while index >= 0 {
            if page[index] == UInt8(ascii: "<"), zip(page[index..<index + closing.count], closing).allSatisfy({ lowercased($0) == $1 }) {
                return Array(page[..<index]) + Array(snippet.utf8) + Array(page[index...])
            }
            index -= 1
        }
        return page + Array(snippet.utf8)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}
