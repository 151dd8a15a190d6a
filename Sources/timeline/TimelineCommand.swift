import ArgumentParser
import TimelineBuild
import TimelineModel

@main
struct TimelineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Builds a static photo-timeline site from content files.",
        discussion:
            "Run it in a site folder holding Content/ (and Templates/, any files that replace the built-in theme's); the site is written to Output/. timeline init starts a site.",
        version: ToolVersion.text,
        subcommands: [
            InitCommand.self, BuildCommand.self, CheckCommand.self, CleanCommand.self, ServeCommand.self, NewCommand.self, EditCommand.self, LikeCommand.self,
            UnlikeCommand.self,
            FollowCommand.self, UnfollowCommand.self, RenameCommand.self, DeleteCommand.self, ImportCommand.self, ThemeCommand.self, RenderTemplateCommand.self,
        ],
        defaultSubcommand: BuildCommand.self
    )

    static func main() async {
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = UnknownCommand.message(for: arguments, commands: commands) {
            exit(withError: ValidationError(message))
        }
        await main(nil)
    }
}
