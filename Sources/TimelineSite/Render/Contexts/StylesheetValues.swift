import TimelineContent
import TimelineModel
import TimelineTemplates

/// One stylesheet of the theme's `assets/` as templates see it (items of `stylesheets`).
package final class StylesheetValues: TemplateContext {
    package let url: String

    init(url: String) {
        self.url = url
    }

    package static let templateFields = TemplateFieldList<StylesheetValues>("stylesheet", [.text("url") { $0.url }])

    /// Every `.css` file of `assets/` (paths relative to it): `style.css`, the theme's own, first
    /// when there is one, then the others in byte order, so that a stylesheet a site adds
    /// comes after the theme's and can override its rules.
    static func ordered(assets: [String]) -> [String] {
        let sheets = assets.filter { $0.hasSuffix(".css") }.sorted { $0.utf8Precedes($1) }
        return sheets.filter { $0 == mainStylesheet } + sheets.filter { $0 != mainStylesheet }
    }

    /// The built-in theme's stylesheet, which `stylesheetURL` names when the theme has it.
    static let mainStylesheet = "style.css"
}
