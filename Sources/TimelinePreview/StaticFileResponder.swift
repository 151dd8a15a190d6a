import Foundation
import Hummingbird
import TimelineSite

/// Answers a request for a file of the built site:
///
/// - the path is checked by `SafePath` (refused: 400) and read through `ServedFolder` (no
///   symlink followed);
/// - URLs start with the site's base path (`/timeline/` for https://example.org/timeline/), as
///   the pages' links do; `/` redirects there;
/// - a folder serves its `index.html`, and a folder URL without its trailing slash redirects to
///   the slash form;
/// - before the first build has finished, every path gets `BuildingPage` (503, `Retry-After`);
/// - a missing file gets the site's `404.html` with status 404;
/// - HTML is sent with `Cache-Control: no-store` and with the reload script (and, while the
///   build is broken, the error panel) added before `</body>`; other files with
///   `Cache-Control: no-cache` and an ETag, so the browser revalidates them (304).
struct StaticFileResponder: Sendable {
    let folder: ServedFolder

    func respond(to request: Request, state: PreviewState.Snapshot) -> Response {
        let response = answer(request, state: state)
        guard request.method == .head else { return response }
        // The same headers (Content-Length included) without the body.
        return Response(status: response.status, headers: response.headers)
    }

    private func answer(_ request: Request, state: PreviewState.Snapshot) -> Response {
        guard request.method == .get || request.method == .head else {
            return Self.text(.methodNotAllowed, "Only GET and HEAD are served.\n", extra: [.allow: "GET, HEAD"])
        }
        guard state.generation > 0 else {
            var response = Self.html(.serviceUnavailable, Array(BuildingPage.page().utf8))
            response.headers[.retryAfter] = String(BuildingPage.retryAfterSeconds)
            return response
        }
        let target = request.head.path ?? "/"
        let path: SafePath
        do {
            path = try SafePath(requestTarget: target)
        } catch {
            return Self.text(.badRequest, "Refused: \(error).\n")
        }
        guard let relative = path.removingPrefix(state.basePath) else {
            if path.segments.isEmpty { return Self.redirect(to: state.basePath) }
            return notFound(state)
        }
        switch folder.lookup(relative) {
        case .file(let file):
            return fileResponse(file, status: .ok, request: request, state: state)
        case .folderWithoutSlash:
            let query = target.firstIndex(of: "?").map { String(target[$0...]) } ?? ""
            return Self.redirect(to: relative.folderURL(under: state.basePath) + query)
        case .notFound:
            return notFound(state)
        }
    }

    private func notFound(_ state: PreviewState.Snapshot) -> Response {
        if let notFoundPage = folder.topLevelFile(SitePaths.notFoundFile) {
            return page(notFoundPage, status: .notFound, state: state)
        }
        if let failure = state.failure {
            let body = ErrorPage.page(failure, script: ReloadScript.element(generation: state.generation))
            return Self.html(.notFound, Array(body.utf8))
        }
        return Self.text(.notFound, "Not found.\n")
    }

    private func fileResponse(_ file: ServedFolder.File, status: HTTPResponse.Status, request: Request, state: PreviewState.Snapshot) -> Response {
        let type = ContentTypes.type(forFileName: file.name)
        if ContentTypes.isHTML(type) {
            return page(file, status: status, state: state)
        }
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-cache", .eTag: file.entityTag]
        if request.headers[.ifNoneMatch].map({ Self.matches($0, file.entityTag) }) == true {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentLength] = String(file.bytes.count)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }

    /// An HTML page with the script (and the error panel) added; never cached.
    private func page(_ file: ServedFolder.File, status: HTTPResponse.Status, state: PreviewState.Snapshot) -> Response {
        let overlay = state.failure.map { ErrorPage.overlay($0) } ?? ""
        let bytes = ReloadScript.inject(overlay + ReloadScript.element(generation: state.generation), into: file.bytes)
        return Self.html(status, bytes)
    }

    static func html(_ status: HTTPResponse.Status, _ bytes: [UInt8]) -> Response {
        Response(
            status: status,
            headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store", .contentLength: String(bytes.count)],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String, extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store", .contentLength: String(text.utf8.count)]
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(to location: String) -> Response {
        Response(status: .found, headers: [.location: location, .cacheControl: "no-store", .contentLength: "0"])
    }

    /// `If-None-Match: "a", "b"` or `*`.
    static func matches(_ header: String, _ tag: String) -> Bool {
        header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == tag || trimmed == "W/" + tag
        }
    }
}
