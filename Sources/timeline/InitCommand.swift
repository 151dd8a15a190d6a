import ArgumentParser
import TimelineAuthoring
import TimelineContent
import TimelineModel
import TimelineSystem

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Starts a new site: Content/ with site.json, users/ and posts/, a .gitignore and a GitHub Pages workflow.",
        discussion: """
            The site uses the built-in theme; `timeline theme copy FILE` copies a file of it into \
            Templates/ for editing. A folder that is a site already (it has Content/site.json) is \
            refused; in a half-made one only the missing files are written, and a .gitignore or \
            workflow of its own is kept. See docs/getting-started.md.
            """)

    @Argument(help: ArgumentHelp("The site folder, made when missing.", valueName: "dir"))
    var folder: String = "."

    @Option(help: ArgumentHelp("The site's title (default: the folder's name).", valueName: "text"))
    var title: String?

    @Option(name: .customLong("base-url"), help: ArgumentHelp("The address the site is published at, e.g. https://example.org/photos/.", valueName: "url"))
    var baseURL: String?

    func run() throws {
        let absolute = Path.absolute(folder, relativeTo: FileSystem.currentDirectory)
        let name = Path.fileName(of: absolute)
        let site = NewSite(title: title ?? (name.isEmpty ? "Photos" : name), baseURL: baseURL)
        let shown = folder == "." ? "" : (folder.hasSuffix("/") ? folder : folder + "/")
        let outcome: NewSite.Outcome
        do {
            outcome = try site.create(in: absolute, display: shown)
        } catch {
            Console.writeError(error.description + "\n")
            throw ExitCode.failure
        }
        print("Started a site in \(folder == "." ? "this folder" : folder): wrote \(outcome.written.map { shown + $0 }.joined(separator: ", ")).")
        for path in outcome.kept { print("Kept \(shown)\(path) as it was.") }
        print(
            """

            Next:
            \(folder == "." ? "" : "  cd \(Self.quoted(folder))\n")  timeline new user alice --name "Alice"
              timeline new post --user alice path/to/photo.jpg --caption "My first photo" --alt "What the photo shows"
              timeline serve
            """)
    }

    private static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "-_./".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
