import ArgumentParser
import TimelineCore

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Checks the content and writes the site.",
        discussion: """
            The new site is written beside the output folder and replaces it only when complete: \
            a build that fails leaves the previous output exactly as it was.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("The output folder, relative to the site folder.", valueName: "dir"))
    var output: String = "Output"

    @Flag(help: "Also print how long each stage took and what the search index holds (even with --quiet).")
    var timings = false

    func run() async throws {
        let console = Console(quiet: site.quiet)
        do {
            let report = try await SiteBuilder.build(site.buildOptions(output: output, progress: console.progressHandler))
            console.print(report.warnings)
            console.summary(report.summary)
            if timings {
                print("Stages: " + report.timings.summary)
                print(report.searchSummary)
            }
        } catch {
            throw console.report(error, of: "build")
        }
    }
}
