import DaybookCore
import DaybookStore

/// An entry with what `list`, `show`, `search`, `latest`, `on-this-day` and `edit` print
/// beside it: its tags, its weather (null when none) and, for `search --near`, its distance.
/// The entry's fields come first-level, as they always have.
package struct EntryDetailsOutput: Sendable, SnakeCaseKeyed {
    package let entry: EntryOutput
    package let tags: [JournalTag]
    package let weather: WeatherRecord?
    package let distanceKm: Double?
    /// The entry's other files (`show --json` and the lists' `--json`): its RAW, its Live
    /// Photo movie; left out when there are none.
    package var files: [EntryFile] = []
    /// The entry's stack (`show --json` only, docs/stacks.md); left out when it is alone.
    package var stack: EntryStack? = nil

    package init(entry: JournalEntry, tags: [JournalTag], weather: WeatherRecord?, distanceKm: Double? = nil, files: [EntryFile] = []) {
        self.files = files
        var output = EntryOutput(entry)
        output.motion = MotionOutput.of(entry, files: files)
        self.entry = output
        self.tags = tags
        self.weather = weather
        self.distanceKm = distanceKm
    }

    enum Key: String, CodingKey {
        case tags, weather, files, stack
        case distanceKm = "distance_km"
        case textVersion = "text_version"
    }

    package func encode(to encoder: any Encoder) throws {
        try entry.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(TagsOutput(tags), forKey: .tags)
        try container.encode(weather.map(WeatherOutput.init), forKey: .weather)
        try container.encodeIfPresent(distanceKm, forKey: .distanceKm)
        if !files.isEmpty { try container.encode(files, forKey: .files) }
        try container.encodeIfPresent(stack.map { StackOutput($0) }, forKey: .stack)
        // For `daybook edit --if-version`: not part of the entry's own fields, so `export json` is unchanged.
        try container.encode(TextVersion(of: entry.text).description, forKey: .textVersion)
    }
}
