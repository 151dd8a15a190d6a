import ArgumentParser
import TimelineBuild

struct BuildCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Checks the content and writes the site.",
        discussion: """
            Builds are incremental: against the manifest of the last build (kept in the cache \
            folder) only the files whose inputs changed are made again, and only those whose bytes \
            changed are written; the others keep their bytes and modification times. A build that \
            fails or is killed leaves the previous output exactly as it was (or is finished by the \
            next build). Exit status: 0 built, 1 content or output errors, 64 bad usage.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(help: ArgumentHelp("The output folder, relative to the site folder.", valueName: "dir"))
    var output: String = "Output"

    @Flag(help: "Also print how long each stage took and what the search index holds (even with --quiet).")
    var timings = false

    @Flag(help: "Ignore the last build's manifest: write the whole site afresh and swap it in.")
    var clean = false

    @Flag(
        help:
            "Put an incremental build in place in one atomic swap of the output folder (the unchanged files hard-linked into the new one), so that no reader, and no kill, ever sees old and new files mixed. Costs one link per file."
    )
    var atomic = false

    @Flag(
        help:
            "Print one JSON report on standard output (files written, unchanged and deleted, warnings, errors, timings) instead of text; errors still go to standard error too."
    )
    var json = false

    func run() async throws {
        let console = Console(quiet: site.quiet || json)
        var options = site.buildOptions(output: output, progress: console.progressHandler)
        options.clean = clean
        options.atomic = atomic
        if json {
            do {
                let report = try await SiteBuilder.build(options)
                print(BuildReportJSON.success(report))
            } catch {
                print(BuildReportJSON.failure(error))
                // The report is for programs; a person reading the CI log sees the errors too.
                throw console.report(error, of: "build")
            }
            return
        }
        do {
            let report = try await SiteBuilder.build(options)
            console.print(report.warnings)
            console.summary(report.summary)
            if let skipped = report.skippedForNoBaseURL { console.summary(skipped) }
            if timings {
                print("Stages: " + report.timings.summary)
                print("Memory: " + report.timings.memorySummary)
                print(report.searchSummary)
            }
        } catch {
            throw console.report(error, of: "build")
        }
    }
}
