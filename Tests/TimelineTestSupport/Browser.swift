import Foundation

/// Headless Chromium (Debian's `chromium`), for the tests that run the site's script in a
/// real browser: it loads a page, runs its scripts and fetches until the page is idle (a
/// virtual time budget), and returns the DOM as HTML.
package enum Browser {
    /// Debian's and Ubuntu's Chromium and Chrome, and the macOS apps (GitHub's macOS runners
    /// carry Google Chrome); `TIMELINE_BROWSER` names another.
    package static let candidates = [
        "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
        "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome", "/Applications/Chromium.app/Contents/MacOS/Chromium",
    ]

    package static var executable: String? {
        if let chosen = ProcessInfo.processInfo.environment["TIMELINE_BROWSER"], !chosen.isEmpty { return chosen }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The browser tests run when Chromium is installed, and always in CI (`.ci/run`
    /// installs it), where a missing browser must fail rather than skip.
    package static var shouldRun: Bool {
        executable != nil || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Headless, as root (no sandbox), without GPU or first-run pages, in its own profile.
    package static func arguments(profile: String) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--no-default-browser-check",
            "--disable-extensions", "--user-data-dir=\(profile)",
        ]
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The DOM of `url` after its scripts ran, as serialised HTML.
    package static func dom(_ url: String) async throws -> String {
        guard let executable else { throw Failure(description: "Chromium is not installed (apt-get install chromium)") }
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-chromium-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: profile) }
        let result = try await Subprocess.run(
            executable, arguments(profile: profile) + ["--virtual-time-budget=30000", "--dump-dom", url], timeout: .seconds(120))
        guard result.status == 0, !result.output.isEmpty else {
            throw Failure(description: "chromium exited with \(result.status): \(result.standardError.suffix(2000))")
        }
        return result.standardOutput
    }
}
