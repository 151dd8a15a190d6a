import TimelineModel
import TimelineTemplates

extension ExtraValue {
    /// The value as templates receive it: mappings as objects whose fields are any values,
    /// whole numbers as numbers, other numbers as written.
    var templateValue: TemplateValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .number(let literal): Int(literal).map(TemplateValue.number) ?? .text(literal)
        case .text(let text): .text(text)
        case .list(let items): .list(items.map(\.templateValue))
        case .object(let members): .object(TemplateDictionary(members.map { ($0.key, $0.value.templateValue) }))
        }
    }
}

extension Optional where Wrapped == ExtraValue {
    /// `extra` for a template: an empty object when the record has none, so that
    /// `{{#extra.location}}` is simply absent. One object serves every record without `extra`,
    /// so a card costs no allocation for it.
    var templateValue: TemplateValue {
        self?.templateValue ?? noExtraValues
    }
}

private let noExtraValues = TemplateValue.object(TemplateDictionary([]))
