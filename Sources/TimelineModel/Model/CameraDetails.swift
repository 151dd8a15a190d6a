/// What a photo's EXIF says about the camera and the exposure, read from the original with
/// libvips when `site.json` has `"showCameraDetails": true` (docs/images.md). Each field is
/// nil when the photo does not say it. Nothing about where the photo was taken or by whom is
/// read: no GPS field, no owner, no serial number.
public struct CameraDetails: Sendable, Hashable {
    /// An EXIF rational, as the camera wrote it (`1/250`, `9/5`).
    public struct Fraction: Sendable, Hashable {
        public let numerator: Int
        public let denominator: Int

        public init(numerator: Int, denominator: Int) {
            self.numerator = numerator
            self.denominator = denominator
        }

        public var value: Double { Double(numerator) / Double(denominator) }
    }

    /// When the photo was taken, as the camera's clock wrote it (`DateTimeOriginal`): a local
    /// time with no zone, unless the camera also wrote its offset from UTC
    /// (`OffsetTimeOriginal`).
    public struct TakenAt: Sendable, Hashable {
        public let year: Int
        public let month: Int
        public let day: Int
        public let hour: Int
        public let minute: Int
        public let second: Int
        /// Minutes east of UTC, when the camera wrote it.
        public let offsetMinutes: Int?

        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offsetMinutes: Int?) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
            self.offsetMinutes = offsetMinutes
        }
    }

    public var make: String?
    public var model: String?
    public var lens: String?
    /// In millimetres.
    public var focalLength: Fraction?
    public var fNumber: Fraction?
    /// In seconds.
    public var exposureTime: Fraction?
    public var iso: Int?
    public var takenAt: TakenAt?

    public init(
        make: String? = nil, model: String? = nil, lens: String? = nil, focalLength: Fraction? = nil, fNumber: Fraction? = nil,
        exposureTime: Fraction? = nil, iso: Int? = nil, takenAt: TakenAt? = nil
    ) {
        self.make = make
        self.model = model
        self.lens = lens
        self.focalLength = focalLength
        self.fNumber = fNumber
        self.exposureTime = exposureTime
        self.iso = iso
        self.takenAt = takenAt
    }

    /// True when the photo says none of it.
    public var isEmpty: Bool { self == CameraDetails() }
}
