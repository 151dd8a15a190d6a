import ArgumentParser
import TimelineCore

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Checks the content and templates and writes nothing."
    )

    @OptionGroup var site: SiteOptions

    func run() async throws {
        let console = Console(quiet: site.quiet)
        do {
            let report = try await SiteBuilder.check(site.buildOptions(output: "Output", progress: console.progressHandler))
            console.print(report.warnings)
            console.summary(report.summary)
        } catch {
            throw console.report(error, of: "check")
        }
    }
}
