import ArgumentParser
import TimelineBuild

struct CleanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clean",
        abstract: "Removes processed images that the site no longer uses from the cache.",
        discussion: """
            Reads the content and settings, works out which cached image files the current \
            photos use, and removes the others. With --all, removes every cached image; the \
            next build processes all photos again.
            """
    )

    @OptionGroup var site: SiteOptions

    @Flag(name: .customLong("cache"), help: "Clean the image cache (the default and, for now, the only thing to clean).")
    var cache = false

    @Flag(help: "Remove every cached image, not only the unused ones.")
    var all = false

    func run() async throws {
        let console = Console(quiet: site.quiet)
        do {
            let report = try await ImageCacheCleaner.clean(site.buildOptions(output: "Output", progress: nil), everything: all)
            console.summary(report.summary)
        } catch {
            throw console.report(error, of: "clean")
        }
    }
}
