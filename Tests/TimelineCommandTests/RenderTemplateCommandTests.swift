import Foundation
import Testing
import TimelineTestSupport

/// `timeline render-template`: one template of a theme with JSON data by plain Mustache rules.
@Suite("render-template")
struct RenderTemplateCommandTests {
    func run(_ arguments: [String], in directory: String) throws -> Subprocess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "true"
        return try Subprocess.runBlocking(RepositoryPaths.timelineExecutable, ["render-template"] + arguments, in: directory, environment: environment)
    }

    @Test("the default theme's user row with sample data, exact bytes on standard output")
    func userRowWithSampleData() throws {
        let fixture = try SiteFixture()
        try fixture.write(
            "row.json",
            #"{"username": "leia", "name": "Leia <Organa>", "displayName": "Leia <Organa>", "initial": "L", "profileURL": "/u/leia/", "postsLabel": "3 posts", "followersLabel": "1 follower"}"#
        )
        let result = try run(["partials/user-row", "--templates", "Templates", "--data", "row.json"], in: fixture.root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == """
                <li class="user-row" data-username="leia" data-name="Leia &lt;Organa&gt;">
                  <a href="/u/leia/"><span class="avatar avatar-initial" aria-hidden="true">L</span>
                <span class="user-names"><span class="display-name">Leia &lt;Organa&gt;</span> <span class="username">@leia</span></span></a>
                  <span class="user-counts">3 posts · 1 follower</span>
                </li>

                """)
    }

    @Test("a missing partial is empty text and names are looked up by plain Mustache rules")
    func plainRules() throws {
        let fixture = try SiteFixture()
        try fixture.write("Trial/page.mustache", "{{#items}}[{{> nowhere}}{{name}}|{{title}}]{{/items}}\n")
        try fixture.write("data.json", #"{"title": "T", "items": [{"name": "a"}, {"name": "b", "title": "own"}]}"#)
        let result = try run(["page", "--templates", "Trial", "--data", "data.json"], in: fixture.root)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "[a|T][b|own]\n")
    }

    @Test("malformed data and a broken template are reported at file:line:column, exit 1, nothing on standard output")
    func problems() throws {
        let fixture = try SiteFixture()
        try fixture.write("Trial/page.mustache", "{{name}}\n")
        try fixture.write("bad.json", "{\n  \"name\": \"x\",\n}\n")
        let badData = try run(["page", "--templates", "Trial", "--data", "bad.json"], in: fixture.root)
        #expect(badData.status == 1)
        #expect(badData.standardOutput.isEmpty)
        #expect(badData.standardError.hasPrefix("bad.json:3:1: error: "), "\(badData.standardError)")

        try fixture.write("Trial/page.mustache", "line one\n{{#name}}never closed\n")
        try fixture.write("good.json", #"{"name": "x"}"#)
        let badTemplate = try run(["page", "--templates", "Trial", "--data", "good.json"], in: fixture.root)
        #expect(badTemplate.status == 1)
        #expect(badTemplate.standardError == "Trial/page.mustache:2:1: error: 'name' is opened here and never closed\n")
    }
}
