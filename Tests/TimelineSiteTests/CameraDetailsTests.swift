import Foundation
import Testing
import TimelineTestSupport

@testable import TimelineBuild
@testable import TimelineModel
@testable import TimelineSite

/// `showCameraDetails`: a photo's camera, lens and exposure read from the original's EXIF with
/// libvips, kept in the image cache, shown on the post page in the site's language; never
/// its location, and the published images still carry no metadata.
@Suite("Camera details")
struct CameraDetailsTests {
    static let postID = "-K25Fj8qrMAtxXG3QCSn"
    static let otherPostID = "-K36oDNVDXuaek0DUCoc"

    func fixture(show: Bool?, language: String? = nil) throws -> SiteFixture {
        var site = #"{"title": "Photos", "baseURL": "https://example.org/photos/""#
        if let show { site += #", "showCameraDetails": \#(show)"# }
        if let language { site += #", "language": "\#(language)""# }
        let fixture = try SiteFixture(site: site + "}")
        try fixture.user("alice")
        return fixture
    }

    func photo(_ fixture: SiteFixture, _ id: String = postID) -> String {
        fixture.content + "/posts/\(id)/photo.jpg"
    }

    /// A post whose photo carries the EXIF `tags` (exiftool arguments).
    func addPost(_ fixture: SiteFixture, _ id: String = postID, tags: [String]) throws {
        try fixture.post(id, by: "alice", photo: nil)
        let path = photo(fixture, id)
        try TestImages.gradientJPEG(at: path, width: 600, height: 400)
        if !tags.isEmpty { try TestImages.run("exiftool", ["-q", "-overwrite_original"] + tags + [path]) }
    }

    /// Every camera field, and a location that must never show.
    static let everyField = [
        "-Make=Canon", "-Model=Canon EOS 5D Mark III", "-LensModel=EF50mm f/1.8 II", "-FocalLength=50", "-FNumber=1.8",
        "-ExposureTime=1/250", "-ISO=200", "-DateTimeOriginal=2015:11:02 15:34:12", "-GPSLatitude=38.7223", "-GPSLatitudeRef=N",
        "-GPSLongitude=9.1393", "-GPSLongitudeRef=W", "-GPSAltitude=120",
    ]

    /// The post page's camera list: label → value, in order.
    func cameraRows(_ fixture: SiteFixture, _ id: String = postID) throws -> [(label: String, value: String)] {
        let page = try #require(HTMLDocument(path: fixture.output + "/p/\(id)/index.html"))
        let labels = page.values("//dl[@class='camera']/div/dt")
        let values = page.values("//dl[@class='camera']/div/dd")
        #expect(labels.count == values.count)
        return Array(zip(labels, values))
    }

    func pageText(_ fixture: SiteFixture, _ id: String = postID) throws -> String {
        try fixture.read("p/\(id)/index.html")
    }

    func cacheIndex(_ fixture: SiteFixture) throws -> String {
        try String(contentsOfFile: fixture.root + "/.timeline-cache/images/index.txt", encoding: .utf8)
    }

    func publishedImages(_ fixture: SiteFixture) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: fixture.output))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".webp") }.map { fixture.output + "/" + $0 }
    }

    // MARK: Pages

    // Expects the English date and time of the CLDR data in Swift 6.3.1's ICU 76 on Debian 12: "at", and U+202F (narrow
    // no-break space) before PM, as CLDR writes them since version 42; another ICU (macOS's own) may write them otherwise.
    @Test("with the setting on, the post page shows every field, and nowhere the location")
    func everyFieldShown() async throws {
        let fixture = try fixture(show: true)
        try addPost(fixture, tags: Self.everyField)
        #expect(try TestImages.metadataTags(photo(fixture)).contains { $0.contains("GPSLatitude") }, "the fixture itself carries GPS")
        let report = try await fixture.build()
        #expect(report.images.decoded == 1)

        let rows = try cameraRows(fixture)
        #expect(rows.map(\.label) == ["Camera", "Lens", "Focal length", "Aperture", "Shutter speed", "ISO speed", "Taken"])
        #expect(
            rows.map(\.value) == ["Canon EOS 5D Mark III", "EF50mm f/1.8 II", "50 mm", "ƒ/1.8", "1/250 s", "ISO 200", "November 2, 2015 at 3:34\u{202F}PM"])
        let page = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.postID)/index.html"))
        #expect(page.values("//section[@class='camera-details']/h2") == ["Camera details"])
        #expect(page.values("//dl[@class='camera']//time/@datetime") == ["2015-11-02T15:34:12"], "no zone: the camera's own clock")

        // The location is nowhere: not on the page, not in the cache.
        let html = try pageText(fixture)
        for secret in ["38.72", "38°", "9.13", "9°", "GPS", "Altitude", "120 m"] {
            #expect(!html.contains(secret), "\(secret) on the page")
        }
        let index = try cacheIndex(fixture)
        #expect(index.contains("\tCanon\tCanon EOS 5D Mark III\t"))
        for secret in ["38/1", "9/1", "120/1", "GPS", "\tN\t", "\tW\t"] {
            #expect(!index.contains(secret), "\(secret) in the cache index")
        }
    }

    @Test("the published images carry no metadata at all, with the setting on as off")
    func publishedImagesStripped() async throws {
        for show in [true, false] {
            let fixture = try fixture(show: show)
            try addPost(fixture, tags: Self.everyField)
            _ = try await fixture.build()
            let files = try publishedImages(fixture)
            #expect(files.count == 6, "480 and 600 wide and the 320 square, in two formats: \(files)")
            for file in files {
                #expect(try TestImages.metadataTags(file) == [], "\(file)")
                let header = try TestImages.run("vipsheader", ["-a", file])
                #expect(!header.contains("exif-") && !header.contains("GPS"), "\(file): \(header)")
            }
        }
    }

    @Test("off by default: no camera section, and no photo's EXIF is read")
    func offByDefault() async throws {
        for show in [nil, false] as [Bool?] {
            let fixture = try fixture(show: show)
            try addPost(fixture, tags: Self.everyField)
            _ = try await fixture.build()
            let html = try pageText(fixture)
            #expect(!html.contains("camera"), "show: \(String(describing: show))")
            #expect(!html.contains("Canon") && !html.contains("ƒ/"))
            #expect(!(try cacheIndex(fixture)).contains("\nX\t"), "nothing read while the setting is off")
        }
    }

    @Test("a photo with only some fields shows only those; one with none shows no section")
    func someFields() async throws {
        let fixture = try fixture(show: true)
        try addPost(fixture, tags: ["-Model=iPhone 12", "-FNumber=1.6", "-ISO=32"])
        try addPost(fixture, Self.otherPostID, tags: [])
        _ = try await fixture.build()
        let rows = try cameraRows(fixture)
        #expect(rows.map(\.label) == ["Camera", "Aperture", "ISO speed"])
        #expect(rows.map(\.value) == ["iPhone 12", "ƒ/1.6", "ISO 32"])
        #expect(!(try pageText(fixture)).contains("<dd></dd>"))
        let bare = try pageText(fixture, Self.otherPostID)
        #expect(!bare.contains("camera"), "a photo without EXIF has no camera section")
    }

    @Test("a warm build decodes nothing and still shows the details; turning the setting on reads each header once, encoding nothing")
    func cachedDetails() async throws {
        let fixture = try fixture(show: false)
        try addPost(fixture, tags: Self.everyField)
        let first = try await fixture.build()
        #expect(first.images.decoded == 1)
        #expect(!(try pageText(fixture)).contains("camera"))

        try fixture.write("Content/site.json", #"{"title": "Photos", "baseURL": "https://example.org/photos/", "showCameraDetails": true}"#)
        let turnedOn = try await fixture.build()
        #expect(turnedOn.images.decoded == 0 && turnedOn.images.encoded == 0)
        #expect(try cameraRows(fixture).count == 7)
        let index = try cacheIndex(fixture)
        #expect(index.contains("\nX\t\(CameraEXIF.recordVersion)\t"))

        // The photo's header is not read again: the cache's record is what the page shows.
        let cacheFile = fixture.root + "/.timeline-cache/images/index.txt"
        try index.replacingOccurrences(of: "\tCanon EOS 5D Mark III\t", with: "\tCanon EOS 6D\t").write(toFile: cacheFile, atomically: true, encoding: .utf8)
        let warm = try await fixture.build(baseURL: "https://example.org/other/")
        #expect(warm.images.decoded == 0 && warm.images.encoded == 0)
        #expect(try cameraRows(fixture).first?.value == "Canon EOS 6D")

        // A record of another version of the reader is not trusted: the header is read again.
        try index.replacingOccurrences(of: "\nX\t\(CameraEXIF.recordVersion)\t", with: "\nX\t0\t").write(toFile: cacheFile, atomically: true, encoding: .utf8)
        let reread = try await fixture.build()
        #expect(reread.images.decoded == 0 && reread.images.encoded == 0)
        #expect(try cameraRows(fixture).first?.value == "Canon EOS 5D Mark III")
        #expect(try cacheIndex(fixture) == index)
    }

    @Test("timeline clean --cache keeps the camera records of the photos in use and drops the others")
    func cleanCache() async throws {
        let fixture = try fixture(show: true)
        try addPost(fixture, tags: Self.everyField)
        try addPost(fixture, Self.otherPostID, tags: ["-Make=Gone", "-Model=Gone 1"])
        _ = try await fixture.build()
        #expect(try cacheIndex(fixture).components(separatedBy: "\nX\t").count == 3)
        try fixture.remove("Content/posts/\(Self.otherPostID)")
        _ = try await ImageCacheCleaner.clean(fixture.options(), everything: false)
        let index = try cacheIndex(fixture)
        #expect(index.contains("\tCanon EOS 5D Mark III\t") && !index.contains("Gone"))
        let rebuilt = try await fixture.build()
        #expect(rebuilt.images.decoded == 0 && rebuilt.images.encoded == 0)
        #expect(try cameraRows(fixture).count == 7)
    }

    // Expects German numbers, date and time as the CLDR data in Swift 6.3.1's ICU 76 on Debian 12 writes them.
    @Test("numbers, labels and the date in the site's language; the camera's offset from UTC in datetime")
    func localized() async throws {
        let fixture = try fixture(show: true, language: "de")
        let tags = Self.everyField.filter { !$0.hasPrefix("-FocalLength=") && !$0.hasPrefix("-ExposureTime=") }
        try addPost(fixture, tags: tags + ["-FocalLength=4.2", "-ExposureTime=1.3", "-OffsetTimeOriginal=-08:00"])
        _ = try await fixture.build()
        let rows = try cameraRows(fixture)
        #expect(rows.map(\.label) == ["Kamera", "Objektiv", "Brennweite", "Blende", "Belichtungszeit", "ISO-Empfindlichkeit", "Aufgenommen am"])
        #expect(rows.map(\.value) == ["Canon EOS 5D Mark III", "EF50mm f/1.8 II", "4,2 mm", "ƒ/1,8", "1,3 s", "ISO 200", "2. November 2015 um 15:34"])
        let page = try #require(HTMLDocument(path: fixture.output + "/p/\(Self.postID)/index.html"))
        #expect(page.values("//dl[@class='camera']//time/@datetime") == ["2015-11-02T15:34:12-08:00"])
    }

    @Test("every shipped language has the camera texts")
    func everyLanguage() async throws {
        for language in ["ar", "de", "en", "es", "fr", "ja", "pt"] {
            let fixture = try fixture(show: true, language: language)
            try addPost(fixture, tags: Self.everyField)
            let report = try await fixture.build(strict: true)
            #expect(report.warnings.isEmpty, "\(language): \(report.warnings)")
            #expect(try cameraRows(fixture).count == 7, "\(language)")
        }
    }

    @Test("the camera section passes the Nu HTML checker, left to right and right to left", arguments: ["en", "ar"])
    func validHTML(language: String) async throws {
        let fixture = try fixture(show: true, language: language)
        try addPost(fixture, tags: Self.everyField + ["-OffsetTimeOriginal=+01:00"])
        _ = try await fixture.build()
        #expect(try cameraRows(fixture).count == 7)
        let result = try await Subprocess.run(RepositoryPaths.root + "/scripts/nu-check.sh", [fixture.output])
        #expect(result.status == 0, "\(language): \(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.contains("no errors or warnings"))
    }

    @Test("showCameraDetails must be true or false: an error at its line and column")
    func wrongType() async throws {
        let fixture = try SiteFixture(site: "{\n  \"title\": \"Fixture\",\n  \"showCameraDetails\": \"yes\"\n}\n")
        let diagnostics = await fixture.failingBuild()
        let problem = try #require(diagnostics.first { $0.message.contains("showCameraDetails") })
        #expect(problem.code == .wrongType)
        #expect(problem.location.path.hasSuffix("Content/site.json") && problem.location.line == 3 && problem.location.column == 24)
        #expect(problem.message == "'showCameraDetails' must be true or false, found a string")
    }

    // MARK: Reading libvips' strings

    @Test("the value part of libvips' text for an EXIF entry")
    func vipsText() {
        let cases: [(String, String)] = [
            ("Canon (Canon, ASCII, 6 components, 6 bytes)", "Canon"),
            ("Canon EOS 5D Mark III (Canon EOS 5D Mark III, ASCII, 22 components, 22 bytes)", "Canon EOS 5D Mark III"),
            ("FE 24-70mm F2.8 GM (SEL2470GM) (FE 24-70mm F2.8 GM (SEL2470GM), ASCII, 31 components, 31 bytes)", "FE 24-70mm F2.8 GM (SEL2470GM)"),
            ("A, B (A, B, ASCII, 5 components, 5 bytes)", "A, B"),
            ("9/5 (f/1.8, Rational, 1 components, 8 bytes)", "9/5"),
            ("1/250 (1/250 sec., Rational, 1 components, 8 bytes)", "1/250"),
            ("200 (200, Short, 1 components, 2 bytes)", "200"),
            ("100 200 (100, 200, Short, 2 components, 4 bytes)", "100 200"),
            ("2015:11:02 15:34:12 (2015:11:02 15:34:12, ASCII, 20 components, 20 bytes)", "2015:11:02 15:34:12"),
            ("Tab\there (Tab\there, ASCII, 9 components, 9 bytes)", "Tab here"),
            ("Cut off at 255 bytes (Cut off at 255 byt...", "Cut off at 255 bytes"),
            ("plain", "plain"),
        ]
        for (text, value) in cases {
            #expect(CameraEXIF.value(ofVipsText: text) == value, "\(text)")
        }
        #expect(!CameraEXIF.fieldNames.contains { $0.contains("GPS") || $0.contains("ifd3") }, "no location field is ever read")
    }

    @Test("values that are not what their field says are left out")
    func invalidValues() {
        func details(_ values: [String: String]) -> CameraDetails {
            CameraEXIF.details(CameraEXIF.fieldNames.map { values[$0] ?? "" })
        }
        #expect(details([:]).isEmpty)
        #expect(details(["exif-ifd2-DateTimeOriginal": "    :  :     :  :  "]).isEmpty)
        #expect(details(["exif-ifd2-DateTimeOriginal": "0000:00:00 00:00:00"]).isEmpty)
        #expect(details(["exif-ifd2-DateTimeOriginal": "2015:02:29 10:00:00"]).isEmpty)
        #expect(details(["exif-ifd2-LensModel": "----"]).isEmpty)
        #expect(details(["exif-ifd2-FNumber": "0/0"]).isEmpty)
        #expect(details(["exif-ifd2-FocalLength": "0/1"]).isEmpty)
        #expect(details(["exif-ifd2-ISOSpeedRatings": "0"]).isEmpty)
        let taken = details(["exif-ifd2-DateTimeOriginal": "2016:02:29 23:59:58", "exif-ifd2-OffsetTimeOriginal": "+05:30"]).takenAt
        #expect(taken == CameraDetails.TakenAt(year: 2016, month: 2, day: 29, hour: 23, minute: 59, second: 58, offsetMinutes: 330))
        #expect(details(["exif-ifd2-DateTimeOriginal": "2016:02:29 23:59:58", "exif-ifd2-OffsetTimeOriginal": "junk"]).takenAt?.offsetMinutes == nil)
        #expect(details(["exif-ifd2-PhotographicSensitivity": "6400"]).iso == 6400)
        #expect(details(["exif-ifd2-ExposureTime": "10/2500"]).exposureTime == CameraDetails.Fraction(numerator: 1, denominator: 250))
    }

    // Expects English and French decimals as the CLDR data in Swift 6.3.1's ICU 76 on Debian 12 writes them.
    @Test("the camera's name, exposure times and numbers as written on the page")
    func formatting() {
        let names: [(String?, String?, String?)] = [
            ("Canon", "Canon EOS 5D", "Canon EOS 5D"),
            ("NIKON CORPORATION", "NIKON D750", "NIKON D750"),
            ("Apple", "iPhone 12", "Apple iPhone 12"),
            ("OLYMPUS IMAGING CORP.", "E-M5", "OLYMPUS E-M5"),
            ("RICOH IMAGING COMPANY, LTD.", "PENTAX K-1", "RICOH PENTAX K-1"),
            ("Leica Camera AG", "LEICA Q2", "LEICA Q2"),
            ("Fuji", "Fujifilm X100", "Fuji Fujifilm X100"),
            ("SONY", nil, "SONY"),
            (nil, "ILCE-7M3", "ILCE-7M3"),
            (nil, nil, nil),
        ]
        for (make, model, name) in names {
            #expect(CameraValues.cameraName(make: make, model: model) == name, "\(String(describing: make)) \(String(describing: model))")
        }
        let english = LocalMeasure(locale: Locale(identifier: "en"))
        let french = LocalMeasure(locale: Locale(identifier: "fr"))
        func exposure(_ numerator: Int, _ denominator: Int, _ measures: LocalMeasure = english) -> String {
            CameraValues.exposure(CameraDetails.Fraction(numerator: numerator, denominator: denominator), measures: measures)
        }
        #expect(exposure(1, 8000) == "1/8000 s")
        #expect(exposure(1, 2) == "1/2 s")
        #expect(exposure(1, 1) == "1 s")
        #expect(exposure(333, 100000) == "1/300 s")
        #expect(exposure(3, 10) == "0.3 s")
        #expect(exposure(13, 10, french) == "1,3 s")
        #expect(exposure(30, 1) == "30 s")
        #expect(english.decimal(4.25) == "4.3" && english.decimal(50) == "50" && french.decimal(1.8) == "1,8")
        #expect(english.whole(12800) == "12800")
        #expect(ISODate.daysSinceEpoch(year: 1970, month: 1, day: 1) == 0)
        #expect(ISODate.daysSinceEpoch(year: 2015, month: 11, day: 2) == 16741)
        #expect(ISODate.daysSinceEpoch(year: 1969, month: 12, day: 31) == -1)
        let taken = CameraDetails.TakenAt(year: 987, month: 6, day: 5, hour: 4, minute: 3, second: 2, offsetMinutes: -90)
        #expect(CameraValues.isoText(taken) == "0987-06-05T04:03:02-01:30")
    }

    @Test("camera records survive the cache index's round trip; damaged ones are dropped")
    func indexRoundTrip() {
        var index = ImageCacheIndex()
        let digest = String(repeating: "ab", count: 32)
        index.cameras[digest] = CameraEXIF.fieldNames.map { _ in "" }
        index.cameras[digest]?[0] = "Canon"
        let text = index.serialized()
        #expect(ImageCacheIndex.parse(Substring(text)) == index)
        let short = text.replacingOccurrences(of: "\tCanon\t", with: "\t")
        #expect(ImageCacheIndex.parse(Substring(short)).cameras.isEmpty)
    }
}
