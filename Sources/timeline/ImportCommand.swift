import ArgumentParser
import TimelineAuthoring
import TimelineContent

struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Imports content from elsewhere into the content folder.",
        subcommands: [ImportFirebaseCommand.self, ImportInstagramCommand.self]
    )
}

extension ImportCommand {
    /// The exit status of an import that left something out.
    static let skippedStatus: Int32 = 2

    /// Every import's end: its failure (exit 1), or its summary (exit 2 when it left something
    /// out, each thing reported already as it went).
    static func finish(_ outcome: Result<ImportSummary, ImportFailure>, export: String, options: ContentOptions) throws {
        let summary: ImportSummary
        switch outcome {
        case .success(let done):
            summary = done
        case .failure(let error):
            Console.writeError(error.description + "\n")
            Console.writeError("import failed\n")
            throw ExitCode.failure
        }
        let console = Console(quiet: options.quiet)
        if summary.createdSettings {
            console.summary("Wrote \(options.folder.display(ContentLayout.settingsFile)); set the site's title and baseURL there")
        }
        console.summary("Imported \(export) into \(options.folder.location.shown): \(summary.description)")
        if summary.skipped > 0 { throw ExitCode(skippedStatus) }
    }
}

struct ImportFirebaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "firebase",
        abstract: "Imports a Firebase Realtime Database export of the original Timeline app.",
        discussion: """
            Reads the export's users, posts (with their comments and likes) and Base64 images, \
            and writes users/, posts/ and a site.json when there is none. Each record that does not \
            fit is reported with its JSON path and left out; the rest is imported. Importing the same \
            export again changes nothing; a newer export adds what is new. Exit status: 0 when \
            everything was imported, 2 when something was left out, 1 when the export could not be \
            read (then nothing was written) or the content folder could not be written. See \
            docs/import.md.
            """
    )

    @Argument(help: ArgumentHelp("The export: one JSON file with users, posts and images.", valueName: "export.json"))
    var export: String

    @OptionGroup var options: ContentOptions

    func run() async throws {
        let importer = FirebaseImport(exportPath: export, folder: options.folder)
        let outcome: Result<ImportSummary, ImportFailure>
        do {
            outcome = .success(try await importer.run { issue in Console.writeError("\(export): \(issue)\n") })
        } catch {
            outcome = .failure(error)
        }
        try ImportCommand.finish(outcome, export: export, options: options)
    }
}

struct ImportInstagramCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instagram",
        abstract: "Imports a person's Instagram export: their profile, posts and photos, and whom they follow.",
        discussion: """
            EXPORT is the folder or the .zip of Instagram's "Download your information" export in \
            JSON format, exactly as Instagram delivers it. Makes the user (with the avatar), each \
            post with its photos (several photos make a carousel), and a follow of each user the \
            site already has. Importing the same export again changes nothing; a newer one adds \
            what is new, and importing again after the people followed have imported theirs adds \
            those follows. Videos, follows of people not on the site and media missing from the \
            export are reported one by one with their file and JSON path. Exit status: 0 when \
            everything was imported, 2 when something was left out, 1 when the export could not \
            be read or has no profile (then nothing was written) or the content folder could not \
            be written. See docs/import.md.
            """
    )

    @Argument(help: ArgumentHelp("The export: its folder or its .zip.", valueName: "export"))
    var export: String

    @OptionGroup var options: ContentOptions

    func run() throws {
        let importer = InstagramImport(exportPath: export, folder: options.folder)
        try ImportCommand.finish(
            Result { () throws(ImportFailure) in try importer.run { issue in Console.writeError("\(export): \(issue)\n") } }, export: export, options: options)
    }
}
