/// How the load stage takes records from the last build's record cache.
package enum RecordReuse: Sendable {
    /// A record whose files still have their status (or, where it moved, their identity).
    case whenCurrent
    /// None: every file is parsed again (`--clean`); only the identities of files whose status
    /// is the same are taken, so that a clean build need not hash every photo again.
    case identitiesOnly
}

extension RecordReuse {
    /// The entry to take from the cache for a record, refreshed where its files' statuses moved
    /// but not their identities; nil when the record must be read.
    package func entry<Record>(_ cached: RecordCache.Entry<Record>?, identities: FileIdentities) -> RecordCache.Entry<Record>? {
        guard let cached else { return nil }
        switch self {
        case .whenCurrent:
            return RecordCache.current(cached.dependencies, identities: identities).map {
                RecordCache.Entry(dependencies: $0, record: cached.record, warnings: cached.warnings)
            }
        case .identitiesOnly:
            return nil
        }
    }
}
