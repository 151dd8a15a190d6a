import TimelineModel

/// How the browser shows a failed build: a panel over the last good page, listing every
/// diagnostic with its file, line and column. Everything taken from the diagnostics is
/// escaped, since messages quote content (which may hold markup).
public enum ErrorPage {
    /// The panel, inserted before `</body>` of each served page while the build is broken.
    public static func overlay(_ failure: BuildFailure, overSite: Bool = true) -> String {
        let shown = failure.errors.isEmpty ? failure.diagnostics : failure.errors
        let items = shown.map { diagnostic in
            """
            <li><code style="color:#ffb4b4">\(HTMLEscaping.escape(diagnostic.location.description))</code> \
            <strong>\(HTMLEscaping.escape(diagnostic.severity.rawValue))</strong>: \
            <span style="white-space:pre-wrap">\(HTMLEscaping.escape(diagnostic.message))</span></li>
            """
        }
        let count = shown.count
        return """
            <div id="timeline-build-error" role="alert" style="position:fixed;inset:0;z-index:2147483647;overflow:auto;\
            background:rgba(24,8,8,.94);color:#fff;font:15px/1.5 ui-monospace,monospace;padding:2rem">
            <h1 style="font-size:1.4rem;margin:0 0 1rem">Build failed: \(count) error\(count == 1 ? "" : "s")</h1>
            <p style="margin:0 0 1rem">\(overSite ? "The last good site is still served underneath." : "There is no site yet.") Fix the file and save: the page reloads.</p>
            <ul style="padding-left:1.2rem">
            \(items.joined(separator: "\n"))
            </ul>
            </div>
            """
    }

    /// A whole page for when there is no built page to show the panel over (the first build
    /// failed).
    public static func page(_ failure: BuildFailure, script: String) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>Build failed</title></head>
        <body>
        \(overlay(failure, overSite: false))
        \(script)
        </body>
        </html>
        """
    }
}
