import Foundation

/// What became of a camera RAW beside a JPEG or HEIC of the same name (docs/raw.md), in the
/// same words whichever of the two was read first: it waits for the photo's entry, or is
/// listed with it.
public struct RAWPairOutcome: Sendable, Equatable, CustomStringConvertible {
    public enum State: Sendable, Equatable {
        /// The photo is there but not an entry yet: the photo's reading lists the RAW.
        case waiting
        /// Listed with the photo's entry by this reading.
        case paired(entryID: String)
        /// Listed with the photo's entry already, unchanged.
        case alreadyPaired(entryID: String)
    }

    public let raw: String
    public let photo: String
    public let state: State
    /// Whether this is the outcome of reading the RAW itself (one for each RAW a run is
    /// given), rather than the photo's reading listing the RAW beside it.
    public let fromRAW: Bool

    package init(raw: String, photo: String, state: State, fromRAW: Bool) {
        self.raw = raw
        self.photo = photo
        self.state = state
        self.fromRAW = fromRAW
    }

    public var entryID: String? {
        switch state {
        case .waiting: nil
        case .paired(let id), .alreadyPaired(let id): id
        }
    }

    /// "paired with IMG_0001.JPG (entry 1a2b3c4d)", "waiting for IMG_0001.JPG: …".
    public var description: String {
        let name = (photo as NSString).lastPathComponent
        switch state {
        case .waiting: return "waiting for \(name) beside it: listed with that photo's entry when it is read"
        case .paired(let id): return "paired with \(name) (entry \(id.prefix(8)))"
        case .alreadyPaired(let id): return "already paired with \(name) (entry \(id.prefix(8)))"
        }
    }
}
