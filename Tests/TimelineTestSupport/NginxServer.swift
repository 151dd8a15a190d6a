import Foundation
import TimelineSystem

/// Debian's nginx on 127.0.0.1, with a configuration of its own in a temporary folder: a
/// server whose root is `root`, with the site's generated snippet included. `nginx` returns
/// once its master process has opened the listening socket, so the server is ready when
/// `start` returns. Stopped when the value is released.
package final class NginxServer {
    /// Debian's nginx, or Homebrew's (Apple silicon, Intel).
    package static let executable =
        ["/usr/sbin/nginx", "/opt/homebrew/bin/nginx", "/usr/local/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/sbin/nginx"
    /// Debian's module for precompressed `.br` files (the site's snippet uses `brotli_static`).
    static let brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"
    /// Beside the executable's prefix: `/etc/nginx/` for Debian's, `<prefix>/etc/nginx/` for Homebrew's.
    static var mimeTypes: String {
        let prefix = Path.parent(of: Path.parent(of: executable))
        return prefix == "/usr" ? "/etc/nginx/mime.types" : prefix + "/etc/nginx/mime.types"
    }

    /// The tests run when nginx and its brotli module are installed, and always in CI, where
    /// they must not be missing.
    package static var shouldRun: Bool {
        let installed = FileManager.default.isExecutableFile(atPath: executable) && FileManager.default.fileExists(atPath: brotliModule)
        return installed || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package let port: Int
    package let folder: String
    private var configuration: String { folder + "/nginx.conf" }

    /// A configuration for a server on `port` serving `root`, including `snippet`.
    static func configuration(folder: String, root: String, snippet: String, port: Int) -> String {
        let modules = FileManager.default.fileExists(atPath: brotliModule) ? "load_module \(brotliModule);\n" : ""
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map { "    \($0)_temp_path \(folder)/\($0);" }.joined(separator: "\n")
        return """
            \(modules)pid \(folder)/nginx.pid;
            error_log \(folder)/error.log;
            worker_processes 1;
            events { worker_connections 64; }
            http {
                include \(mimeTypes);
                default_type application/octet-stream;
                access_log off;
            \(temporary)
                server {
                    listen 127.0.0.1:\(port);
                    server_name localhost;
                    root \(root);
                    include \(snippet);
                }
            }

            """
    }

    /// `nginx -t`: whether the configuration with `snippet` is valid, and what nginx said.
    package static func test(root: String, snippet: String) async throws -> (valid: Bool, output: String) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nginx.conf"
        try configuration(folder: folder, root: root, snippet: snippet, port: 9).write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await Subprocess.run(executable, ["-t", "-q", "-p", folder, "-c", path])
        return (result.status == 0, result.standardError)
    }

    package init(root: String, snippet: String) throws {
        folder = try Self.temporaryFolder()
        port = try Self.freePort()
        try Self.configuration(folder: folder, root: root, snippet: snippet, port: port).write(toFile: configuration, atomically: true, encoding: .utf8)
        let messages = folder + "/startup.log"
        // Foundation's `Process` would wait for the descriptors the daemon inherits and keeps
        // open: the platform layer runs it with posix_spawn and waitpid.
        let status = CurrentProcess.runToExit(Self.executable, arguments: ["-p", folder, "-c", configuration], messages: messages)
        guard status == 0 else {
            throw Failure(description: "nginx did not start: \((try? String(contentsOfFile: messages, encoding: .utf8)) ?? "")")
        }
    }

    deinit {
        // `-s stop` signals the master and returns; the master exits on its own.
        _ = try? Subprocess.runBlocking(Self.executable, ["-p", folder, "-c", configuration, "-s", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    package func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-nginx-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A port nobody listens on.
    private static func freePort() throws -> Int {
        guard let port = LoopbackListener.freePort() else { throw Failure(description: "no free loopback port") }
        return port
    }
}
