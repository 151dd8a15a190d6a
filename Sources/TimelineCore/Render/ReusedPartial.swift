/// A partial that shows one item, a post's card or a user's row, the same way on every page
/// that lists it. Such a partial is rendered once per item and its HTML reused: a post is on
/// the home list, its author's profile and the timelines of their followers, and rendering
/// its card again on each was most of the render stage.
///
/// The page templates see a stand-in under the partial's name: the item's HTML when the list
/// carries it (in `slot`), else the partial itself, so a page that includes the partial with
/// another value renders it as written. A reused partial sees its item and the page-independent
/// values (`site`, `stylesheetURL`), not the page's (docs/templates.md).
struct ReusedPartial: Sendable, Hashable {
    /// The partial's template name.
    let name: String
    /// The key under which a list item carries its HTML: not a name templates use.
    let slot: String

    static let postCard = ReusedPartial(name: "partials/post-card", slot: "renderedPostCardHTML")
    static let userRow = ReusedPartial(name: "partials/user-row", slot: "renderedUserRowHTML")
    static let all = [postCard, userRow]

    /// The stand-in's source: the item's HTML when the innermost value carries it (a leading
    /// `.` stops the lookup from climbing to enclosing sections; inside the section `.` is the
    /// HTML itself), else the partial as written.
    func standIn(for source: String) -> String {
        "{{#.\(slot)}}{{{.}}}{{/.\(slot)}}{{^.\(slot)}}" + source + "{{/.\(slot)}}"
    }

    /// Whether the stand-in renders exactly what the partial would. Not when the partial
    /// changes delimiters (the stand-in's closing tag would not be read as one), nor when a
    /// template includes it indented (Mustache indents every line of an indented partial, a
    /// cached fragment only as a whole) or extends it with blocks (`{{< name}}`).
    func canStandIn(source: [UInt8], allSources: [String: [UInt8]]) -> Bool {
        guard !TemplateDependencies.changesDelimiters(source) else { return false }
        for other in allSources.values {
            for reference in TemplateDependencies.references(in: other) where reference.name == name {
                if reference.isParent || reference.isIndented { return false }
            }
        }
        return true
    }
}
