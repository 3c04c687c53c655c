/// A place on Earth as a photo's GPS block gives it.
public struct GeoLocation: Sendable, Hashable, Codable {
    /// Signed decimal degrees: south and west are negative.
    public var latitude: Double
    public var longitude: Double
    /// Metres; negative below sea level.
    public var altitude: Double?

    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }
}
