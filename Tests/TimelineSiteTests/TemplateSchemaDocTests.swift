import Foundation
import Testing
import TimelineTemplates
import TimelineTestSupport

@testable import TimelineSite

/// docs/templates.md lists what each template receives, one table per kind of object; the
/// schema the theme is compiled against is the same list. A field added to one and not the
/// other fails here.
@Suite struct TemplateSchemaDocTests {
    /// Every kind of object reachable from the page templates' roots, by name, fields in order.
    static func schemas() -> [String: TemplateSchema] {
        var found: [String: TemplateSchema] = [:]
        func visit(_ type: TemplateType) {
            switch type {
            case .object(let schema):
                guard found[schema.name] == nil else { return }
                found[schema.name] = schema
                for field in schema.fields { visit(field.type) }
            case .list(let element), .optional(let element):
                visit(element)
            default:
                break
            }
        }
        for root in PageTemplateTypes.roots.values { visit(root) }
        return found
    }

    /// `### name` headings with their table rows: `| \`field\` | type | … |`.
    static func documented() throws -> [String: [(field: String, type: String)]] {
        let text = try String(contentsOfFile: RepositoryPaths.root + "/docs/templates.md", encoding: .utf8)
        var tables: [String: [(field: String, type: String)]] = [:]
        var current: String?
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("### ") {
                current = String(line.dropFirst(4)).trimmingCharacters(in: .whitespaces)
                tables[current ?? "", default: []] = []
                continue
            }
            if line.hasPrefix("#") { current = nil }
            guard let current, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            tables[current, default: []].append((cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1]))
        }
        return tables
    }

    static func table(_ schema: TemplateSchema) -> String {
        "### \(schema.name)\n\n| name | type | value |\n| --- | --- | --- |\n"
            + schema.fields.map { "| `\($0.name)` | \($0.type.description) | |" }.joined(separator: "\n")
    }

    @Test func everyKindOfObjectIsDocumentedFieldByFieldWithItsType() throws {
        let schemas = Self.schemas()
        let documented = try Self.documented()
        for name in schemas.keys.sorted() {
            guard let schema = schemas[name] else { continue }
            let expected = schema.fields.map { "\($0.name): \($0.type.description)" }
            let written = (documented[name] ?? []).map { "\($0.field): \($0.type)" }
            #expect(written == expected, "docs/templates.md should have, for \(name):\n\(Self.table(schema))")
        }
        let unknown = Set(documented.keys).subtracting(schemas.keys).filter { documented[$0]?.isEmpty == false }
        #expect(unknown.isEmpty, "tables in docs/templates.md for no kind of object: \(unknown.sorted())")
    }
}
