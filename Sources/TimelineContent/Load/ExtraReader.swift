import TimelineModel

extension RecordReader {
    /// `extra`: a mapping of any values for the theme, kept as written. Its keys are the names
    /// templates read (`{{extra.location}}`), so each must be one: not empty and without `.`,
    /// which a template reads as a path.
    mutating func extra(_ fields: RecordFields) -> ExtraValue? {
        guard let member = fields["extra"] else { return nil }
        guard case .object = member.value.kind else {
            report(
                .wrongType, at: member.value.position,
                "'extra' must be a mapping of names to values (such as location: Cape Canaveral), found \(member.value.typeName)")
            return nil
        }
        return extraValue(member.value)
    }

    private mutating func extraValue(_ value: ContentValue) -> ExtraValue {
        switch value.kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let literal): return .number(literal)
        case .string(let text): return .text(text)
        case .array(let items): return .list(items.map { extraValue($0) })
        case .object(let members):
            var kept: [ExtraValue.Member] = []
            for member in members {
                guard !member.key.isEmpty, !member.key.contains(".") else {
                    report(
                        .invalidValue, at: member.keyPosition,
                        "'\(member.key)' cannot be a name in extra: templates read a '.' as a path, and a name cannot be empty")
                    continue
                }
                guard !kept.contains(where: { $0.key == member.key }) else {
                    report(.invalidValue, at: member.keyPosition, "key '\(member.key)' appears twice in extra")
                    continue
                }
                kept.append(ExtraValue.Member(key: member.key, value: extraValue(member.value)))
            }
            return .object(kept)
        }
    }
}
