import ArgumentParser
import Foundation
import TimelinePreview

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Builds the site, serves it on this machine, and rebuilds and reloads open pages on every change.",
        discussion: """
            Watches the content and templates folders; a burst of saves becomes one rebuild, after \
            which open pages reload (a changed stylesheet is swapped in without a reload). A build \
            that fails shows its errors in the terminal and over the page, and the last good site \
            stays served. Stop with Ctrl-C. See docs/serve.md.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("The output folder, relative to the site folder.", valueName: "dir"))
    var output: String = "Output"

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(help: ArgumentHelp("The port to listen on (0: any free port).", valueName: "port"))
    var port: Int = 8000

    @Option(name: .customLong("poll"), help: ArgumentHelp("Scan for changes every this many milliseconds instead of using inotify.", valueName: "ms"))
    var pollMilliseconds: Int?

    @Option(name: .customLong("debounce"), help: ArgumentHelp("How long saves must pause before a rebuild, in milliseconds.", valueName: "ms"))
    var debounceMilliseconds: Int = 100

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            "Also answer requests for this host name (repeatable); by default only localhost, 127.0.0.1, [::1] and IP addresses, against DNS rebinding.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Flag(help: "Also print how long each stage of each build took.")
    var timings = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        guard debounceMilliseconds >= 0 else { throw ValidationError("--debounce must not be negative") }
        if let pollMilliseconds, pollMilliseconds < 10 { throw ValidationError("--poll must be at least 10 milliseconds") }
    }

    func run() async throws {
        let console = Console(quiet: site.quiet)
        let configuration = PreviewConfiguration(
            build: site.buildOptions(output: output, progress: nil), host: host, port: port,
            debounce: .milliseconds(debounceMilliseconds),
            watchMode: pollMilliseconds.map { .polling(interval: .milliseconds($0)) } ?? .automatic,
            allowedHosts: AllowedHosts(extra: allowedHosts))
        let siteIndex = configuration.build.absolute(configuration.build.output) + "/index.html"
        do {
            try await PreviewServer(configuration: configuration).run { [timings] event in
                console.show(event, timings: timings, hasSite: { FileManager.default.fileExists(atPath: siteIndex) })
            }
        } catch {
            Console.writeError("serve: \(error)\n")
            throw ExitCode.failure
        }
    }
}

extension Console {
    /// One line for each thing the preview does; the diagnostics of a failed build in full.
    /// `hasSite` says whether the output folder holds a site to serve under a failed build's errors.
    func show(_ event: PreviewEvent, timings: Bool = false, hasSite: () -> Bool) {
        switch event {
        case .listening(let url):
            Console.writeOutput("Serving at \(url) (Ctrl-C to stop); until the first build is done, pages say \"Building the site…\"\n")
        case .watching(let mechanism, let roots):
            guard !quiet else { return }
            Console.writeOutput("Watching \(roots.joined(separator: " and ")) (\(mechanism.summary))\n")
        case .built(let report, let changes):
            print(report.warnings)
            guard !quiet else { return }
            let cause = changes.isEmpty ? "" : "\(changes.count) change\(changes.count == 1 ? "" : "s"): "
            Console.writeOutput(cause + report.summary + "\n")
            if timings { Console.writeOutput("Stages: " + report.timings.summary + "\n") }
        case .failed(let failure):
            print(failure.diagnostics)
            let count = failure.errors.count
            let serving = hasSite() ? "still serving the last good site" : "there is no site to serve yet: fix the errors and save"
            Console.writeError("build failed: \(count) error\(count == 1 ? "" : "s"); \(serving)\n")
        }
    }
}
