import TimelineContent
import TimelineModel
import TimelineTemplates

/// `post.camera` on a post page: what the original photo's EXIF says about the camera and the
/// exposure, written for the site's language (docs/templates.md, **camera**). Only when
/// `site.json` has `"showCameraDetails": true`, and only the fields the photo has: a field
/// it lacks is absent, and a photo with none of them has no `camera` at all.
package final class CameraValues: TemplateContext {
    package let make: String?
    let model: String?
    package let name: String?
    let lens: String?
    let focalLength: String?
    let aperture: String?
    let exposure: String?
    let iso: String?
    let takenAt: DateValues?

    /// Nil when the photo says none of it.
    init?(_ details: CameraDetails, localizer: Localizer) {
        guard !details.isEmpty else { return nil }
        let measures = localizer.measures
        make = details.make
        model = details.model
        name = Self.cameraName(make: details.make, model: details.model)
        lens = details.lens
        focalLength = details.focalLength.map { measures.decimal($0.value) + " mm" }
        aperture = details.fNumber.map { "ƒ/" + measures.decimal($0.value) }
        exposure = details.exposureTime.map { Self.exposure($0, measures: measures) }
        iso = details.iso.map { "ISO " + measures.whole($0) }
        takenAt = details.takenAt.map { taken in
            DateValues(
                iso: Self.isoText(taken),
                readable: measures.dateTime(year: taken.year, month: taken.month, day: taken.day, hour: taken.hour, minute: taken.minute))
        }
    }

    package static let templateFields = TemplateFieldList<CameraValues>(
        "camera",
        [
            .optionalText("make") { $0.make },
            .optionalText("model") { $0.model },
            .optionalText("name") { $0.name },
            .optionalText("lens") { $0.lens },
            .optionalText("focalLength") { $0.focalLength },
            .optionalText("aperture") { $0.aperture },
            .optionalText("exposure") { $0.exposure },
            .optionalText("iso") { $0.iso },
            .optionalObject("takenAt") { $0.takenAt },
        ])

    // MARK: Formatting

    /// The camera as people name it: the model alone when it already starts with the maker's
    /// name (`Canon EOS 5D`, `NIKON D750` for `NIKON CORPORATION`), else the maker's name
    /// without its company words, then the model (`Apple iPhone 12`, `OLYMPUS E-M5` for
    /// `OLYMPUS IMAGING CORP.`).
    static func cameraName(make: String?, model: String?) -> String? {
        let brand = make.map(brandName)
        guard let model else { return brand }
        guard let brand, !brand.isEmpty else { return model }
        let folded = model.lowercased()
        for word in [brand.lowercased(), brand.split(separator: " ").first.map { $0.lowercased() } ?? ""] where !word.isEmpty {
            guard folded.hasPrefix(word) else { continue }
            let rest = folded.dropFirst(word.count)
            if rest.isEmpty || rest.first == " " || rest.first == "-" { return model }
        }
        return brand + " " + model
    }

    /// Words of a company's legal name that are not the brand: `NIKON CORPORATION` → `NIKON`,
    /// `RICOH IMAGING COMPANY, LTD.` → `RICOH`. The first word always stays.
    static let companyWords: Set<String> = [
        "ag", "camera", "co", "company", "corp", "corporation", "electronics", "gmbh", "imaging", "inc", "limited", "ltd", "optical",
    ]

    static func brandName(_ make: String) -> String {
        var words = make.split(whereSeparator: { $0 == " " || $0 == "," })
        while words.count > 1, let last = words.last, companyWords.contains(last.lowercased().filter { $0 != "." }) {
            words.removeLast()
        }
        return words.joined(separator: " ")
    }

    /// `1/250 s` for short exposures (as cameras show them), `0.5 s`, `2 s`, `30 s` for long
    /// ones.
    static func exposure(_ time: CameraDetails.Fraction, measures: LocalMeasure) -> String {
        if time.numerator == 1, time.denominator > 1 { return "1/" + measures.whole(time.denominator) + " s" }
        let seconds = time.value
        if seconds < 0.3 { return "1/" + measures.whole(Int((1 / seconds).rounded())) + " s" }
        return measures.decimal(seconds) + " s"
    }

    /// `2015-11-02T15:34:12`, with `-08:00` when the camera wrote its offset from UTC: a
    /// value for `<time datetime>`.
    static func isoText(_ taken: CameraDetails.TakenAt) -> String {
        let digits = ISODate.pad
        var text = "\(digits(taken.year, 4))-\(digits(taken.month, 2))-\(digits(taken.day, 2))T"
        text += "\(digits(taken.hour, 2)):\(digits(taken.minute, 2)):\(digits(taken.second, 2))"
        if let offset = taken.offsetMinutes {
            text += (offset < 0 ? "-" : "+") + digits(abs(offset) / 60, 2) + ":" + digits(abs(offset) % 60, 2)
        }
        return text
    }
}

extension PageContexts {
    /// `post.camera` of post `index`: nil unless the site shows camera details and the photo
    /// has some.
    func camera(ofPost index: Int) -> CameraValues? {
        guard site.settings.showCameraDetails, let details = photo(ofPost: index, eager: false).camera else { return nil }
        return CameraValues(details, localizer: localizer)
    }
}
