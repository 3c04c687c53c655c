import DaybookCore

/// When two photos are frames of one burst (docs/stacks.md has the measured figures).
///
/// Apple's burst identifier, when both have one, decides outright: the same id is one stack,
/// different ids never are. Otherwise two frames link when they were taken at most
/// `maxGapSeconds` apart by the same camera (make and model, both known) and their
/// perceptual hashes differ in at most `maxDistance` bits. Links chain: a burst of twenty
/// frames 0.3 s apart is one stack although its first and last frames are 6 s apart.
package struct StackRule: Sendable {
    package var maxGapSeconds: Double = 2
    /// Tuned on near-identical bursts against different shots taken seconds apart: the
    /// largest distance that merged no different shot in the measurement (docs/stacks.md).
    package var maxDistance: Int = 10

    package init(maxGapSeconds: Double = 2, maxDistance: Int = 10) {
        self.maxGapSeconds = maxGapSeconds
        self.maxDistance = maxDistance
    }

    package static let standard = StackRule()

    package func links(_ a: StackFrame, _ b: StackFrame) -> Bool {
        if let burstA = a.burstID, let burstB = b.burstID { return burstA == burstB }
        guard let timeA = a.seconds, let timeB = b.seconds, abs(timeA - timeB) <= maxGapSeconds else { return false }
        guard let make = a.cameraMake, let model = a.cameraModel, make == b.cameraMake, model == b.cameraModel else {
            return false
        }
        guard let hashA = a.perceptualHash, let hashB = b.perceptualHash else { return false }
        return (hashA ^ hashB).nonzeroBitCount <= maxDistance
    }
}

/// What the stack rule reads of an entry (one narrow row, not the whole entry).
package struct StackFrame: Sendable, Hashable {
    package let id: String
    package let capturedLocal: LocalDateTime?
    package let captureSubsec: String?
    package let cameraMake: String?
    package let cameraModel: String?
    package let perceptualHash: Int64?
    package let burstID: String?
    package let stackID: String?
    package let isCover: Bool
    package let coverPicked: Bool

    /// Seconds on the camera's clock, with the sub-second digits when written.
    var seconds: Double? {
        guard let capturedLocal else { return nil }
        let whole = Double(capturedLocal.secondsSinceEpochIgnoringZone)
        guard let digits = captureSubsec, !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let fraction = Double("0." + digits.prefix(9))
        else { return whole }
        return whole + fraction
    }

    /// The timeline shows a stack's earliest frame unless the user picked another.
    static func comesFirst(_ a: StackFrame, _ b: StackFrame) -> Bool {
        switch (a.capturedLocal, b.capturedLocal) {
        case (nil, nil): return a.id < b.id
        case (nil, _): return false
        case (_, nil): return true
        case (let x?, let y?):
            if x != y { return x < y }
            if (a.captureSubsec ?? "") != (b.captureSubsec ?? "") { return (a.captureSubsec ?? "") < (b.captureSubsec ?? "") }
            return a.id < b.id
        }
    }
}
