import ArgumentParser
import TimelineBuild
import TimelineModel

struct ThemeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "theme",
        abstract: "Shows and copies the files of the built-in theme.",
        discussion: """
            The built-in theme is part of the tool. A site's templates folder holds only the files \
            it changes; every other file comes from the built-in theme, so a new version of the tool \
            brings its changes to them. See docs/themes.md.
            """,
        subcommands: [ThemeListCommand.self, ThemeCopyCommand.self])
}

/// The site folder and its templates folder, for the theme commands.
struct ThemeFolderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The site folder.", valueName: "dir"))
    var root: String = "."

    @Option(help: ArgumentHelp("The templates folder, relative to the site folder.", valueName: "dir"))
    var templates: String = "Templates"

    var buildOptions: BuildOptions { BuildOptions(siteRoot: root, templates: templates) }
}

struct ThemeListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists the theme's files, each with where it comes from: built-in, overridden, a copy of the built-in, or the site's own.")

    @OptionGroup var folder: ThemeFolderOptions

    func run() {
        let overview = ThemeOverview(options: folder.buildOptions)
        let width = overview.files.map(\.path.count).max() ?? 0
        for (path, status) in overview.files {
            print(path + String(repeating: " ", count: width - path.count + 2) + status.rawValue)
        }
    }
}

struct ThemeCopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copies files of the built-in theme into the site's templates folder, for editing.",
        discussion: """
            Name files by their path in the theme, as `timeline theme list` shows them \
            (partials/post-card.mustache, assets/style.css; .mustache may be left off); with no \
            name, every file is copied. A file the site already has is left alone when it is the \
            same and refused when it differs, and then nothing is written (exit status 1).
            """)

    @Argument(help: ArgumentHelp("The files to copy (default: all of them).", valueName: "file"))
    var files: [String] = []

    @OptionGroup var folder: ThemeFolderOptions

    func run() throws {
        let console = Console(quiet: false)
        do {
            let outcome = try ThemeCopy.copy(files, options: folder.buildOptions)
            let shown = folder.templates.hasSuffix("/") ? folder.templates : folder.templates + "/"
            for path in outcome.copied { print("copied \(shown)\(path)") }
            for path in outcome.alreadyThere { print("\(shown)\(path) is already the built-in file") }
        } catch let failure as BuildFailure {
            throw console.report(failure, of: "theme copy")
        }
    }
}
