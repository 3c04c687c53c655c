import DaybookCore
import Foundation

/// What one write of a sidecar does to one of Daybook's fields.
package enum XMPSidecarChange<Value: Sendable & Equatable>: Sendable, Equatable {
    /// The sidecar keeps what it says (another tool's value, or none).
    case keep
    case set(Value)
    /// The person cleared it in Daybook.
    case remove
}

/// When the photo was taken, as XMP dates say it: the local time and, when known, its offset.
package struct XMPSidecarDate: Sendable, Equatable {
    package var local: LocalDateTime
    package var offset: UTCOffset?

    package init(local: LocalDateTime, offset: UTCOffset?) {
        self.local = local
        self.offset = offset
    }

    /// `2026-11-29T10:56:58+01:00`, or without the offset when the time floats.
    var text: String { local.iso8601 + (offset?.formatted ?? "") }
}

/// Daybook's fields in a sidecar, each kept, set or removed:
///
/// - the text: `dc:description`, its `x-default` item (other languages stay);
/// - the person's tags: `dc:subject` and `lr:hierarchicalSubject`, keywords already there kept
///   as spelled when they name a tag (`New York` for `new-york`, `Places|France|Paris` for
///   `paris`), the others dropped, each missing tag added by its name;
/// - the date: `photoshop:DateCreated` and `exif:DateTimeOriginal`;
/// - the place: `exif:GPSLatitude` and `exif:GPSLongitude`; an altitude there is removed
///   with the old place, since it was the height of somewhere else.
package struct XMPSidecarFields: Sendable, Equatable {
    package var text: XMPSidecarChange<String>
    package var tags: XMPSidecarChange<[String]>
    package var date: XMPSidecarChange<XMPSidecarDate>
    package var location: XMPSidecarChange<GeoLocation>

    package init(
        text: XMPSidecarChange<String> = .keep, tags: XMPSidecarChange<[String]> = .keep, date: XMPSidecarChange<XMPSidecarDate> = .keep,
        location: XMPSidecarChange<GeoLocation> = .keep
    ) {
        self.text = text
        self.tags = tags
        self.date = date
        self.location = location
    }

    /// Whether any field gets a value: only then is a sidecar made where there is none.
    package var setsAValue: Bool {
        func sets<Value>(_ change: XMPSidecarChange<Value>) -> Bool {
            if case .set = change { return true }
            return false
        }
        return sets(text) || sets(tags) || sets(date) || sets(location)
    }

    static let dateCreated = XMPName(namespace: XMPReader.photoshopNamespace, local: "DateCreated")
    static let dateTimeOriginal = XMPName(namespace: XMPReader.exifNamespace, local: "DateTimeOriginal")
    static let latitude = XMPName(namespace: XMPReader.exifNamespace, local: "GPSLatitude")
    static let longitude = XMPName(namespace: XMPReader.exifNamespace, local: "GPSLongitude")
    static let altitude = XMPName(namespace: XMPReader.exifNamespace, local: "GPSAltitude")
    static let altitudeRef = XMPName(namespace: XMPReader.exifNamespace, local: "GPSAltitudeRef")

    /// XMP's GPSCoordinate, `DDD,MM.mmmmmmK`: six decimals of a minute keep a position to a
    /// couple of millimetres, finer than any value Daybook holds.
    static func coordinate(_ value: Double, positive: Character, negative: Character) -> String {
        let magnitude = abs(value)
        var degrees = Int(magnitude)
        var minutes = String(format: "%.6f", (magnitude - Double(degrees)) * 60)
        if minutes.hasPrefix("60") {
            degrees += 1
            minutes = "0.000000"
        }
        return "\(degrees),\(minutes)\(value < 0 ? negative : positive)"
    }
}

/// Why a sidecar was not written: one sentence naming what is wrong with it.
package struct XMPSidecarError: Error, Equatable, CustomStringConvertible {
    package let reason: String

    package init(reason: String) { self.reason = reason }

    package var description: String { reason }
}
