import Foundation

/// A real HTTP server on 127.0.0.1 serving a folder: Python's http.server (a folder serves its
/// index.html), on a port the system picks. Stopped when the value is released.
final class StaticServer {
    let port: Int
    private let process: Process

    static let script = """
        import functools, http.server, sys
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(serving folder: String) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", Self.script, folder]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(description: "the HTTP server did not start: \(String(decoding: line, as: UTF8.self))")
        }
        self.port = port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// SIGKILL, since a test process may pass SIGTERM on as ignored.
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
