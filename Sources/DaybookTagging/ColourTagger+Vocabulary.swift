extension ColourTagger {
    /// Every tag name `tags(for:)` can emit, in output order, with its rule. Generated from
    /// `Thresholds`, so the README table (`markdownTable()`) always matches the code.
    package static let vocabulary: [TagRule] = colourRules + sceneRules

    /// The README table: `| tag | kind | rule |`, one row per vocabulary entry. Put the terms
    /// above it in the README: hue, saturation and value are HSV (value = brightest channel);
    /// lightness is Rec. 601 luma; shares are fractions of the image's pixels.
    package static func markdownTable() -> String {
        var lines = ["| tag | kind | rule |", "|---|---|---|"]
        for entry in vocabulary {
            let rule = entry.rule.replacingAll("|", with: "\\|")
            lines.append("| `\(entry.name)` | \(entry.kind.rawValue) | \(rule) |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static var colourRules: [TagRule] {
        typealias T = Thresholds
        let coloured = "saturation ≥ \(percent(T.greySaturation)) and value ≥ \(percent(T.blackValue))"
        let dominant =
            "cover at least \(percent(T.dominantShare)) of the image and are among its "
            + "\(T.maxDominantColours) largest colours (never on a monochrome photo); score = share"
        let brownHueNames = T.brownHues.map(\.rawValue).joined(separator: ", ")
        return ColourName.allCases.map { colour in
            let pixels: String
            switch colour {
            case .black:
                pixels = "Pixels of value < \(percent(T.blackValue)) (any hue)"
            case .white:
                pixels =
                    "Pixels of saturation < \(percent(T.greySaturation)) and value ≥ "
                    + "\(percent(T.lightValue))"
            case .grey:
                pixels =
                    "Pixels of saturation < \(percent(T.greySaturation)) and value "
                    + "\(percent(T.blackValue))–\(percent(T.lightValue))"
            case .brown:
                pixels =
                    "Pixels of hue \(degrees(T.brownHues)) (\(brownHueNames)), saturation ≥ "
                    + "\(percent(T.greySaturation)) and value \(percent(T.blackValue))–\(percent(T.brownValue))"
            case .pink:
                pixels =
                    "Pixels of hue \(degrees([.pink])) with \(coloured), or light pale reds (hue "
                    + "\(degrees([.red])), saturation \(percent(T.greySaturation))–"
                    + "\(percent(T.vividSaturation)), value ≥ \(percent(T.lightValue))),"
            case .red:
                pixels =
                    "Pixels of hue \(degrees([.red])), saturation ≥ \(percent(T.greySaturation)) "
                    + "and value ≥ \(percent(T.brownValue)) (darker ones are brown, light pale ones pink)"
            default:
                if T.brownHues.contains(colour) {
                    pixels =
                        "Pixels of hue \(degrees([colour])), saturation ≥ "
                        + "\(percent(T.greySaturation)) and value ≥ \(percent(T.brownValue)) "
                        + "(darker ones are brown)"
                } else {
                    pixels = "Pixels of hue \(degrees([colour])) with \(coloured)"
                }
            }
            return TagRule(name: colour.rawValue, kind: .colour, rule: "\(pixels) \(dominant).")
        }
    }

    private static var sceneRules: [TagRule] {
        typealias T = Thresholds
        let warm = T.warmColours.map(\.rawValue).joined(separator: ", ")
        return Scene.allCases.map { scene in
            let rule: String
            switch scene {
            case .monochrome:
                rule =
                    "At least \(percent(T.monochromeNeutralShare)) of the pixels are black, white or "
                    + "grey, and the middle \(percent(1 - 2 * T.monochromeRangeQuantile)) of the pixels "
                    + "span at least \(percent(T.monochromeTonalRange)) of lightness (luma; a flat grey, white "
                    + "or black frame gets its colour name instead); then no colour tags are given; "
                    + "score = black + white + grey share."
            case .dark:
                rule =
                    "At least \(percent(T.darkShare)) of the pixels have lightness (luma) below "
                    + "\(percent(T.darkLightness)); score = that share."
            case .night:
                rule =
                    "The photo is dark and at least \(percent(T.nightUpperShare)) of its upper third "
                    + "has lightness (luma) below \(percent(T.nightLightness)) (a dark sky); score = that share."
            case .bright:
                rule =
                    "High-key: at least \(percent(T.brightShare)) of the pixels have lightness (luma) "
                    + "\(percent(T.brightLightness)) or more; score = that share."
            case .sunset:
                rule =
                    "Warm colours (\(warm)) cover at least \(percent(T.sunsetWarmShare)) of the upper "
                    + "two thirds, and the lower third's mean lightness (luma) is at least "
                    + "\(points(T.sunsetLightnessDrop)) below the upper third's; score = warm share "
                    + "of the upper two thirds."
            case .sky:
                rule =
                    "Blue pixels cover at least \(percent(T.skyBlueShare)) of the upper third; "
                    + "score = that share."
            case .greenery:
                rule =
                    "Green pixels cover at least \(percent(T.greeneryShare)) of the image; "
                    + "score = green share."
            case .snow:
                rule =
                    "White pixels (light and unsaturated) cover at least \(percent(T.snowWhiteShare)) "
                    + "of the image; score = white share."
            case .vivid:
                rule =
                    "Vivid pixels (saturation ≥ \(percent(T.vividSaturation)), value ≥ "
                    + "\(percent(T.vividValue))) cover at least \(percent(T.vividShare)) of the image; "
                    + "score = that share."
            case .muted:
                rule =
                    "Pale pixels (saturation \(percent(T.greySaturation))–\(percent(T.paleSaturation)), "
                    + "value ≥ \(percent(T.blackValue))) cover at least \(percent(T.mutedPaleShare)) of "
                    + "the image and vivid pixels less than \(percent(T.mutedMaxVividShare)) (so never "
                    + "together with vivid); score = pale share."
            }
            return TagRule(name: scene.rawValue, kind: .scene, rule: rule)
        }
    }

    /// "12 %", "12.5 %": at most one decimal, no float noise (0.12 × 100 = 12.000000000000002).
    static func percent(_ fraction: Double) -> String {
        let tenths = Int((fraction * 1000).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10) %" : "\(tenths / 10).\(tenths % 10) %"
    }

    /// A difference of two fractions: "20 points" (of the 0–100 % scale).
    static func points(_ fraction: Double) -> String {
        String(percent(fraction).dropLast(2)) + " percentage points"
    }

    /// The hue range(s) of adjacent named colours, e.g. "345°–75°" for red, orange, yellow.
    static func degrees(_ colours: [ColourName]) -> String {
        let ranges = Thresholds.hueRanges
        let indices = colours.compactMap { c in ranges.firstIndex { $0.colour == c } }
        guard let first = indices.min(), let last = indices.max() else { return "" }
        let end = ranges[(last + 1) % ranges.count].from
        return "\(ranges[first].from)°–\(end)°"
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        for c in self { if c == target { result += replacement } else { result.append(c) } }
        return result
    }
}
