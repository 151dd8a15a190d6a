import ArgumentParser
import TimelineBuild
import TimelineModel

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Checks the content and templates and writes nothing."
    )

    @OptionGroup var site: SiteOptions

    @Flag(help: "Also parse every HTML file of the built site and report each internal link or image that points to nothing.")
    var links = false

    @Option(help: ArgumentHelp("The built site that --links checks, relative to the site folder.", valueName: "dir"))
    var output: String = "Output"

    func run() async throws {
        let console = Console(quiet: site.quiet)
        let options = site.buildOptions(output: output, progress: console.progressHandler)
        do {
            let report = try await SiteBuilder.check(options)
            console.print(report.warnings)
            console.summary(report.summary)
            console.summary(ThemeOverview(options: options).summary)
            guard links else { return }
            let broken = await LinkChecker.check(options, basePath: report.basePath, relative: report.relativeURLs)
            guard broken.isEmpty else { throw console.report(BuildFailure(broken), of: "link check") }
            console.summary("Checked the links of \(options.output): none broken")
        } catch let failure as BuildFailure {
            throw console.report(failure, of: "check")
        }
    }
}
