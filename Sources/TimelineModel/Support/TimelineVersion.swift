public enum TimelineVersion {
    public static let current = "0.1.0"
}
