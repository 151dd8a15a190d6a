import Foundation
import Synchronization
import TimelineSystem

/// A minimal HTTP/1.1 client over a loopback socket that sends the request target exactly as
/// given (no normalisation of `..` or percent escapes, unlike URL-based clients), so the tests
/// can try traversal attacks. The blocking socket work runs on a thread of its own, never on
/// the concurrency pool the server under test needs.
package enum HTTPProbe {
    package struct Response: Sendable {
        package let status: Int
        package let headers: [(name: String, value: String)]
        package let body: [UInt8]

        package var text: String { String(decoding: body, as: UTF8.self) }

        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    package enum Failure: Error, CustomStringConvertible {
        case malformed(String)

        package var description: String {
            switch self {
            case .malformed(let what): "malformed response: \(what)"
            }
        }
    }

    /// How long a request waits for the next bytes of its response: long, since a loaded
    /// machine running the whole suite on two cores can keep the server waiting for seconds.
    static let receiveTimeout = 120

    /// Sends one request with `Connection: close` and reads the whole response.
    package static func request(port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Response {
        let raw = try await onThread {
            let connection = try LoopbackConnection(port: port, receiveTimeout: receiveTimeout)
            // A `Host` among `headers` replaces the default one.
            var request = "\(method) \(target) HTTP/1.1\r\n"
            if !headers.keys.contains(where: { $0.lowercased() == "host" }) { request += "Host: 127.0.0.1:\(port)\r\n" }
            request += "Connection: close\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "\r\n"
            guard connection.send(request) else { throw Failure.malformed("send failed") }
            var received: [UInt8] = []
            while true {
                switch connection.receive() {
                case .bytes(let chunk): received += chunk
                case .timedOut: throw Failure.malformed("nothing more within \(receiveTimeout) s after \(received.count) bytes of \(method) \(target)")
                case .ended: return received
                }
            }
        }
        return try parse(raw, method: method)
    }

    package static func parse(_ raw: [UInt8], method: String) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = raw.indices.first(where: { raw[$0...].starts(with: separator) }) else { throw Failure.malformed("no end of headers") }
        let head = String(decoding: raw[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let statusLine = head.first, statusLine.split(separator: " ").count >= 2, let status = Int(statusLine.split(separator: " ")[1]) else {
            throw Failure.malformed("status line")
        }
        let headers = head.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(raw[(end + separator.count)...])
        if headers.contains(where: { $0.0.lowercased() == "transfer-encoding" && $0.1.lowercased().contains("chunked") }) {
            body = dechunked(body)
        }
        return Response(status: status, headers: headers, body: method == "HEAD" ? [] : body)
    }

    static func dechunked(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) else { break }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first.map(String.init) ?? ""
            guard let size = Int(sizeText, radix: 16), size > 0 else { break }
            let start = lineEnd + 2
            result += bytes[start..<min(start + size, bytes.count)]
            index = start + size + 2
        }
        return result
    }

    /// Runs blocking work on a new thread and waits for it without holding a pool thread.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

/// An open `/_timeline/events` stream read on a thread of its own; the events received so far
/// are kept, and the test waits for the next one of a name with a deadline.
package final class EventStreamProbe: Sendable {
    package struct Event: Sendable, Equatable {
        package let name: String
        package let data: String

        package init(name: String, data: String) {
            self.name = name
            self.data = data
        }
    }

    private let connection: LoopbackConnection
    private let received = Mutex<(events: [Event], closed: Bool)>(([], false))

    package init(port: Int) async throws {
        connection = try await HTTPProbe.onThread { try LoopbackConnection(port: port) }
        guard connection.send("GET /_timeline/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n") else {
            throw HTTPProbe.Failure.malformed("send failed")
        }
        Thread.detachNewThread { [self] in readLoop() }
    }

    /// Closes the connection (the browser going away).
    func disconnect() {
        connection.shutDown()
    }

    private func readLoop() {
        var text = ""
        while true {
            let arrived = connection.receive(limit: 4096)
            if case .timedOut = arrived { continue }
            guard case .bytes(let chunk) = arrived else { break }
            text += String(decoding: chunk, as: UTF8.self)
            // Each event is written as one chunk, so its lines arrive together.
            while let range = text.range(of: #"event: ([a-z]+)\ndata: ([0-9]+)\n\n"#, options: .regularExpression) {
                let lines = text[range].split(separator: "\n")
                let event = Event(name: String(lines[0].dropFirst("event: ".count)), data: String(lines[1].dropFirst("data: ".count)))
                received.withLock { $0.events.append(event) }
                text.removeSubrange(text.startIndex..<range.upperBound)
            }
        }
        received.withLock { $0.closed = true }
    }

    package var events: [Event] { received.withLock { $0.events } }
    var isClosed: Bool { received.withLock { $0.closed } }

    /// The first event named `name` after the first `skipping` events, waiting up to `timeout`.
    package func next(_ name: String, after skipping: Int = 0, timeout: Duration = .seconds(60)) async throws -> Event? {
        let deadline = ContinuousClock.now + timeout.allowingSlowRuns
        while ContinuousClock.now < deadline {
            if let event = events.dropFirst(skipping).first(where: { $0.name == name }) { return event }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// Waits until the server closes the stream.
    package func waitUntilClosed(timeout: Duration) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout.allowingSlowRuns
        while ContinuousClock.now < deadline {
            if isClosed { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return isClosed
    }
}
