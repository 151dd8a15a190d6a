import Foundation
import Testing
import TimelineSystem
import TimelineTestSupport

/// `timeline serve` run as a user would: a port in use, and stopping with Ctrl-C or SIGTERM.
@Suite("timeline serve command")
struct PreviewCommandTests {
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        return environment
    }

    @Test("a port in use: a clear message, no stack trace, exit status 1")
    func portInUse() throws {
        let fixture = try SiteFixture.small()
        let occupied = try LoopbackListener()
        let result = try Subprocess.runBlocking(
            RepositoryPaths.timelineExecutable, ["serve", "--port", String(occupied.port)], in: fixture.root, environment: Self.environment,
            timeout: .seconds(60))
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
