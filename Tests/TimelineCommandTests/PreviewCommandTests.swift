import Foundation
import Testing
import TimelineTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `timeline serve` run as a user would: a port in use, and stopping with Ctrl-C or SIGTERM.
@Suite("timeline serve command")
struct PreviewCommandTests {
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        return environment
    }

    /// A socket listening on a free loopback port, closed when dropped.
    final class OccupiedPort {
        let descriptor: Int32
        let port: Int

        init() throws {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.descriptor = descriptor
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(descriptor, pointer, length) == 0 && listen(descriptor, 1) == 0 && getsockname(descriptor, pointer, &length) == 0
                }
            }
            try #require(bound, "could not occupy a port")
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        deinit { close(descriptor) }
    }

    @Test("a port in use: a clear message, no stack trace, exit status 1")
    func portInUse() throws {
        let fixture = try SiteFixture.small()
        let occupied = try OccupiedPort()
        let result = try Subprocess.runBlocking(
            "/usr/bin/timeout", ["60", RepositoryPaths.timelineExecutable, "serve", "--port", String(occupied.port)], in: fixture.root,
            environment: Self.environment)
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("serve: cannot listen on 127.0.0.1:\(occupied.port): the port is in use"), "\(result.standardError)")
        #expect(!result.standardError.contains("Fatal error"))
        #expect(!result.standardError.contains("Stack dump"))
        #expect(!result.standardError.contains("IOError"))
    }

    @Test("SIGINT and SIGTERM stop the server cleanly, closing open event streams", arguments: [SIGINT, SIGTERM])
    func stopsOnSignal(_ signal: Int32) async throws {
        let fixture = try SiteFixture.small()
        let server = try BackgroundProcess(RepositoryPaths.timelineExecutable, ["serve", "--port", "0"], in: fixture.root, environment: Self.environment)
        let listening = try await BackgroundProcess.wait(timeout: .seconds(60)) { server.standardOutput.contains("Built ") }
        try #require(listening, "the server did not start: \(server.standardOutput) \(server.standardError)")
        let url = try #require(server.standardOutput.split(separator: "\n").first { $0.hasPrefix("Serving at ") }).split(separator: " ")[2]
        let port = try #require(URL(string: String(url))?.port)
        let events = try await EventStreamProbe(port: port)
        _ = try #require(try await events.next("hello", timeout: .seconds(60)))
        #expect(try await HTTPProbe.request(port: port, "/").status == 200)

        server.signal(signal)
        let status = try await server.waitForExit(timeout: .seconds(20))
        #expect(status == 0, "stderr: \(server.standardError)")
        #expect(try await events.waitUntilClosed(timeout: .seconds(5)))
        #expect(!server.standardError.contains("Fatal error"))
    }

    @Test("a first build that fails says there is no site yet, on the console and on the page")
    func firstBuildFails() async throws {
        let fixture = try SiteFixture.small()
        try fixture.write("Content/users/bob.json", "{\n  \"username\": \"bob\",\n  \"bio\": \"unterminated\n}\n")
        let server = try BackgroundProcess(RepositoryPaths.timelineExecutable, ["serve", "--port", "0"], in: fixture.root, environment: Self.environment)
        let failed = try await BackgroundProcess.wait(timeout: .seconds(60)) { server.standardError.contains("build failed: ") }
        try #require(failed, "no failed build: \(server.standardOutput) \(server.standardError)")
        #expect(server.standardError.contains("build failed: 1 error; there is no site to serve yet: fix the errors and save"), "\(server.standardError)")
        #expect(!server.standardError.contains("last good site"))
        let url = try #require(server.standardOutput.split(separator: "\n").first { $0.hasPrefix("Serving at ") }).split(separator: " ")[2]
        let port = try #require(URL(string: String(url))?.port)
        let page = try await HTTPProbe.request(port: port, "/")
        #expect(page.text.contains("There is no site yet."), "\(page.text)")
        #expect(page.text.contains("Content/users/bob.json:3:"))
        server.signal(SIGTERM)
        #expect(try await server.waitForExit(timeout: .seconds(20)) == 0)
    }

    @Test("serve --help lists the options")
    func help() throws {
        let result = try Subprocess.runBlocking(RepositoryPaths.timelineExecutable, ["serve", "--help"], environment: Self.environment)
        #expect(result.status == 0)
        for option in ["--host", "--port", "--poll", "--debounce", "--output"] {
            #expect(result.standardOutput.contains(option))
        }
    }
}
