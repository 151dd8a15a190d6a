import TimelineContent

/// One username the person follows, and where the export names it: the file (the layout
/// varies between exports) and the entry's JSON path, so that a follow left out is reported
/// where it is.
public struct InstagramFollow: Sendable, Equatable {
    public let username: String
    public let file: String
    public let path: JSONPath
}
