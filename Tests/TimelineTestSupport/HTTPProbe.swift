import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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
        case connect(port: Int, errno: Int32)
        case malformed(String)

        package var description: String {
            switch self {
            case .connect(let port, let code): "cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(code)))"
            case .malformed(let what): "malformed response: \(what)"
            }
        }
    }

    /// Sends one request with `Connection: close` and reads the whole response.
    package static func request(port: Int, _ target: String, method: String = "GET", headers: [String: String] = [:]) async throws -> Response {
        let raw = try await onThread {
            let socket = try connect(port: port)
            defer { close(socket) }
            // A `Host` among `headers` replaces the default one.
            var request = "\(method) \(target) HTTP/1.1\r\n"
            if !headers.keys.contains(where: { $0.lowercased() == "host" }) { request += "Host: 127.0.0.1:\(port)\r\n" }
            request += "Connection: close\r\n"
            for (name, value) in headers { request += "\(name): \(value)\r\n" }
            request += "\r\n"
            try send(request, on: socket)
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count <= 0 { break }
                received += chunk[0..<count]
            }
            return received
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

    static func connect(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure.connect(port: port, errno: errno) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(socket)
            throw Failure.connect(port: port, errno: code)
        }
        return socket
    }

    package static func send(_ text: String, on socket: Int32) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw Failure.malformed("send failed") }
            sent += count
        }
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

    private let socket: Int32
    private let received = Mutex<(events: [Event], closed: Bool)>(([], false))

    package init(port: Int) async throws {
        let socket = try await HTTPProbe.onThread { try HTTPProbe.connect(port: port) }
        self.socket = socket
        try HTTPProbe.send("GET /_timeline/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n", on: socket)
        Thread.detachNewThread { [self] in readLoop() }
    }

    deinit {
        shutdown(socket, Int32(SHUT_RDWR))
        close(socket)
    }

    /// Closes the connection (the browser going away).
    func disconnect() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    private func readLoop() {
        var text = ""
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EAGAIN { continue }
            if count <= 0 { break }
            text += String(decoding: chunk[0..<count], as: UTF8.self)
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
