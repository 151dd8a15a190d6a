/// What the preview answers before its first build has finished (on a large site that takes a
/// while): 503 with `Retry-After`, and a small page that reloads itself when the build is done
/// (the reload script's event stream announces it).
enum BuildingPage {
    static let retryAfterSeconds = 2

    static func page() -> String {
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Building the site…</title></head>
        <body style="font:16px/1.5 system-ui,sans-serif;margin:3rem auto;max-width:36rem;padding:0 1rem">
        <h1 style="font-size:1.4rem">Building the site…</h1>
        <p>timeline serve is making the first build. This page reloads when it is done.</p>
        \(ReloadScript.element(generation: 0))
        </body>
        </html>
        """
    }
}
