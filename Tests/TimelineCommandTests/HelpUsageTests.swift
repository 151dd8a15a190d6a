import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineContent

/// What `--help` says a command takes: required positionals without brackets or dots, every
/// option in the usage line, each default once.
@Suite("Help usage lines")
struct HelpUsageTests {
    static let contentCommands: [[String]] = [
        ["like"], ["unlike"], ["follow"], ["unfollow"], ["new", "user"], ["new", "post"], ["new", "comment"], ["edit", "user"], ["edit", "post"],
        ["edit", "comment"],
        ["delete", "user"], ["delete", "post"], ["delete", "comment"], ["rename", "user"],
    ]

    let cli = AuthoringCommandLineTests()

    /// The command's help, which must exit 0.
    func help(_ command: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> String {
        let result = try cli.run(command + ["--help"], in: "/")
        #expect(result.status == 0, "\(command): \(result.standardError)", sourceLocation: sourceLocation)
        return result.standardOutput
    }

    /// The text after `USAGE: `.
    func usage(_ help: String) -> String {
        let line = help.split(separator: "\n").first { $0.hasPrefix("USAGE: ") } ?? ""
        return String(line.dropFirst("USAGE: ".count))
    }

    /// The long names of the options the help lists (`--user`), but `--help` and `--version`.
    func options(_ help: String) -> [String] {
        help.split(separator: "\n").compactMap { line in
            let entry = line.hasPrefix("  -") && !line.hasPrefix("  --") ? line.dropFirst(6) : line.dropFirst(2)
            guard line.hasPrefix("  -"), entry.hasPrefix("--") else { return nil }
            let name = String(entry.prefix { !$0.isWhitespace })
            return ["--help", "--version"].contains(name) ? nil : name
        }
    }

    @Test("usage lines show a required positional as <name>, and name every option the help lists")
    func contentCommandUsage() throws {
        #expect(usage(try help(["like"])) == "timeline like <post-id> --user <user> [--content <dir>] [--quiet]")
        #expect(usage(try help(["follow"])) == "timeline follow <username> <other> [--content <dir>] [--quiet]")
        let newPost = try help(["new", "post"])
        #expect(
            usage(newPost)
                == "timeline new post --user <user> <photo> ... [--caption <caption> | --caption-file <file>] [--alt <alt> ...] [--content <dir>] [--quiet]")
        let words = newPost.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("1 to 20 photos (\(ImageHeader.Format.extensionList))"), "\(words)")
        for command in Self.contentCommands {
            let text = try help(command)
            let line = usage(text)
            #expect(line.hasPrefix("timeline " + command.joined(separator: " ") + " "), "\(command): \(line)")
            // Options may repeat (`[--alt <alt> ...]`); of the positionals only new post's
            // photos do, and they are required: `<photo> ...`.
            var positionals = line.replacing(/--[a-z-]+ <[a-z-]+> \.\.\./, with: "")
            if command == ["new", "post"] { positionals = positionals.replacingOccurrences(of: "<photo> ...", with: "<photo>") }
            #expect(!positionals.contains("...") && !line.contains("[<"), "\(command) shows a positional as optional or repeating: \(line)")
            let listed = options(text)
            #expect(listed.contains("--content"), "\(command): \(listed)")
            for option in listed {
                #expect(line.contains(option + " ") || line.contains(option + "]"), "\(command): \(option) is not in \(line)")
            }
        }
    }

    @Test("a missing or extra argument keeps its message, under the true usage line")
    func positionalErrors() throws {
        let missing = try cli.run(["like", "--user", "alice"], in: "/")
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("expected <post-id>; found none"), "\(missing.standardError)")
        #expect(missing.standardError.contains("Usage: timeline like <post-id> --user <user>"), "\(missing.standardError)")
        let extra = try cli.run(["follow", "alice", "bob", "carol"], in: "/")
        #expect(extra.status == 64)
        #expect(extra.standardError.contains("expected <username> <other>; found 'alice' 'bob' 'carol'"), "\(extra.standardError)")
    }

    @Test("the site folder's default is said once", arguments: ["build", "check", "clean", "serve"])
    func rootDefaultOnce(command: String) throws {
        let text = try help([command])
        let root = try #require(text.split(separator: "\n").first { $0.hasPrefix("  <root>") }, "\(text)")
        #expect(root.hasSuffix("The site folder (default: the current directory)."), "\(root)")
        #expect(!text.contains("(default: .)"))
    }
}
