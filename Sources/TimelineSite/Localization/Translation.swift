import TimelineContent
import TimelineModel
import TimelineTemplates

/// One entry of a theme's translation file: a text, or a text per plural category, and where
/// it was written.
package struct Translation: Sendable {
    package enum Value: Sendable {
        case text(String)
        case plural([PluralCategory: String])
    }

    package let value: Value
    package let location: SourceLocation

    /// Keys ending in `.html` hold HTML (markup and links around values); every other text is
    /// plain text, escaped wherever it is shown.
    static func isHTML(key: String) -> Bool {
        key.hasSuffix(".html")
    }
}
