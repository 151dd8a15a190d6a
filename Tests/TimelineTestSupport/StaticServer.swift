import Foundation

/// A real HTTP server on 127.0.0.1 serving a folder: Python's http.server (a folder serves its
/// index.html), on a port the system picks. Stopped when the value is released.
package final class StaticServer: Sendable {
    package let port: Int
    private let process: BackgroundProcess

    package static let script = """
        import functools, http.server, sys
        class Handler(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    private init(port: Int, process: BackgroundProcess) {
        self.port = port
        self.process = process
    }

    /// Starts the server and waits until it prints the port it listens on.
    package static func start(serving folder: String) async throws -> StaticServer {
        let process = try BackgroundProcess("/usr/bin/env", ["python3", "-u", "-c", script, folder])
        _ = try await BackgroundProcess.wait(timeout: .seconds(30)) { process.standardOutput.contains("\n") || !process.isRunning }
        guard let port = Int(process.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "the HTTP server did not start: \(process.standardOutput) \(process.standardError.suffix(2000))")
        }
        return StaticServer(port: port, process: process)
    }

    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}
