import ArgumentParser
import Foundation
import TimelineSite

struct RenderTemplateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-template",
        abstract: "Renders one template of a theme with the data of a JSON file, to standard output.",
        discussion: """
            Plain Mustache rules: no site and no schema, names are looked up in the JSON data, and a \
            missing partial is empty text. For trying a partial with sample data, and for conformance \
            checks. The exact bytes go to standard output. Exit status: 0 rendered, 1 a problem with \
            the templates or the data (each printed as path:line:column), 64 bad usage.
            """
    )

    @Argument(help: ArgumentHelp("The template's name: its path below the templates folder without .mustache (e.g. partials/post-card).", valueName: "name"))
    var name: String

    @Option(help: ArgumentHelp("The templates folder.", valueName: "dir"))
    var templates: String = "Templates"

    @Option(help: ArgumentHelp("The JSON file whose value the template receives.", valueName: "file.json"))
    var data: String

    func run() throws {
        do {
            let bytes = try TemplateTrial.render(template: name, templatesFolder: templates, dataFile: data)
            FileHandle.standardOutput.write(Data(bytes))
        } catch {
            for diagnostic in error.diagnostics {
                Console.writeError(diagnostic.description + "\n")
            }
            throw ExitCode.failure
        }
    }
}
