import TimelineContent
import TimelineModel
import TimelineTemplates

/// The fingerprint of what a template receives, from the typed values themselves: a page is a
/// function of its template and these, so the build manifest compares them to decide whether
/// a page must be rendered again. Lazy values are fingerprinted without being made.
package enum ContextFingerprint {
    package static func of(_ value: TemplateValue) -> Digest {
        var hasher = StableHasher()
        combine(value, into: &hasher)
        return hasher.finalize()
    }

    /// Every kind of value tagged, so that `1` and `"1"` differ, and absent from empty. Given
    /// what the template may read (`reads`), the fields of objects it cannot read are left
    /// out; values with a fingerprint of their own (cards, lazy values) are taken whole.
    package static func combine(_ value: TemplateValue, reads: TemplateReads? = nil, into hasher: inout StableHasher) {
        switch value {
        case .null:
            hasher.combine(UInt64(0))
        case .text(let text):
            hasher.combine(UInt64(1))
            hasher.combine(text)
        case .number(let number):
            hasher.combine(UInt64(2))
            hasher.combine(number)
        case .bool(let flag):
            hasher.combine(UInt64(3))
            hasher.combine(flag)
        case .object(let object):
            if let cached = object.cachedFingerprint {
                hasher.combine(UInt64(12))
                hasher.combine(Digest(cached))
                return
            }
            let schema = object.schema
            hasher.combine(UInt64(4))
            hasher.combine(schema.name)
            let readable = reads?.readableSlots(of: schema)
            for slot in schema.fields.indices where readable?.contains(slot) ?? true {
                hasher.combine(slot)
                combine(object.value(at: slot), reads: reads, into: &hasher)
            }
        case .list(let items):
            hasher.combine(UInt64(5))
            hasher.combine(items.count)
            for item in items { combine(item, reads: reads, into: &hasher) }
        case .lazy(let lazy):
            hasher.combine(UInt64(11))
            hasher.combine(Digest(lazy.fingerprint))
        }
    }
}

extension Digest {
    package init(_ fingerprint: TemplateFingerprint) {
        self.init(high: fingerprint.high, low: fingerprint.low)
    }

    var templateFingerprint: TemplateFingerprint {
        TemplateFingerprint(high: high, low: low)
    }
}
