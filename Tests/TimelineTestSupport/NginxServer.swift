import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's nginx on 127.0.0.1, with a configuration of its own in a temporary folder: a
/// server whose root is `root`, with the site's generated snippet included. `nginx` returns
/// once its master process has opened the listening socket, so the server is ready when
/// `start` returns. Stopped when the value is released.
package final class NginxServer {
    package static let executable = "/usr/sbin/nginx"
    static let brotliModule = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"

    /// The tests run when nginx is installed, and always in CI, where it must not be missing.
    package static var shouldRun: Bool {
        FileManager.default.isExecutableFile(atPath: executable) || ProcessInfo.processInfo.environment["CI"] == "true"
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
                include /etc/nginx/mime.types;
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
        let status = try Self.runDaemonizing(Self.executable, ["-p", folder, "-c", configuration], messages: messages)
        guard status == 0 else {
            throw Failure(description: "nginx did not start: \((try? String(contentsOfFile: messages, encoding: .utf8)) ?? "")")
        }
    }

    /// Runs a program that starts a daemon and returns: with posix_spawn and waitpid, because
    /// Foundation's `Process` waits for descriptors the daemon inherits and keeps open. Its
    /// outputs go to `messages`.
    private static func runDaemonizing(_ executable: String, _ arguments: [String], messages: String) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, messages, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run \(executable): \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
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

    /// A port nobody listens on: the one the system gives a socket bound to port 0.
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Failure(description: "bind: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
