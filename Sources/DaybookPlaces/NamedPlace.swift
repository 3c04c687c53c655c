/// Where an entry was, in words: the nearest populated place within the lookup radius, its
/// first-level region and its country; or, past the radius, the country alone.
public struct NamedPlace: Sendable, Hashable, Codable {
    /// The town or city; nil when only the country is known (open country, at sea near a coast).
    public var name: String?
    /// The first-level administrative region (GeoNames admin1: a state, region or province).
    public var region: String?
    public var country: String?
    /// ISO 3166-1 alpha-2.
    public var countryCode: String?
    /// Kilometres from the photo to the named place; nil when only the country is known.
    public var distanceKm: Double?
    /// The IANA time zone of the place (or of the country, when all of it has one).
    public var timeZone: String?
    /// The place table's version that gave this answer (`Gazetteer.version`).
    public var dataVersion: String

    public init(
        name: String?, region: String?, country: String?, countryCode: String?, distanceKm: Double?, timeZone: String?,
        dataVersion: String
    ) {
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.distanceKm = distanceKm
        self.timeZone = timeZone
        self.dataVersion = dataVersion
    }

    /// "Kyoto, Japan"; "Japan" when only the country is known.
    public var label: String { [name, country].compactMap { $0 }.joined(separator: ", ") }

    /// "Kyoto, Kyoto, Japan" with the region too (the region is left out when it repeats the name).
    public var fullLabel: String {
        [name, region == name ? nil : region, country].compactMap { $0 }.joined(separator: ", ")
    }
}
