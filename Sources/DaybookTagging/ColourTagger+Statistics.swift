extension ColourTagger {
    /// Counts per colour and pixel class, per region, read off the histogram once.
    struct Statistics {
        typealias Region = ColourHistogram.Region
        let histogram: ColourHistogram
        let total: Int
        var regionTotals = [Int](repeating: 0, count: 3)
        var colourCounts = [Int](repeating: 0, count: 3 * ColourName.allCases.count)
        var neutral = 0, pale = 0, vivid = 0

        init(_ histogram: ColourHistogram) {
            self.histogram = histogram
            total = histogram.bins.reduce(0, +)
            let classes = ColourTagger.binClasses
            let perRegion = ColourHistogram.binsPerRegion
            for region in 0..<3 {
                for bin in 0..<perRegion {
                    let count = histogram.bins[region * perRegion + bin]
                    guard count > 0 else { continue }
                    let flags = classes[bin]
                    regionTotals[region] += count
                    colourCounts[region * ColourName.allCases.count + Int(flags & 0x0F)] += count
                    if flags & neutralFlag != 0 { neutral += count }
                    if flags & paleFlag != 0 { pale += count }
                    if flags & vividFlag != 0 { vivid += count }
                }
            }
        }

        func share(_ count: Int) -> Double {
            total > 0 ? Double(count) / Double(total) : 0
        }

        /// Share of `colour` among the pixels of `regions` (default: the whole image).
        func share(of colour: ColourName, in regions: [Region] = Region.allCases) -> Double {
            let index = ColourName.allCases.firstIndex(of: colour)!
            let pixels = regions.reduce(0) { $0 + regionTotals[$1.rawValue] }
            let count = regions.reduce(0) {
                $0 + colourCounts[$1.rawValue * ColourName.allCases.count + index]
            }
            return pixels > 0 ? Double(count) / Double(pixels) : 0
        }

        private func lightnessShare(in regions: [Region], where test: (Double) -> Bool) -> Double {
            var count = 0, pixels = 0
            for region in regions {
                let base = region.rawValue * ColourHistogram.lightnessLevelCount
                for level in 0..<ColourHistogram.lightnessLevelCount {
                    let n = histogram.lightness[base + level]
                    pixels += n
                    if test(Double(level) / 255) { count += n }
                }
            }
            return pixels > 0 ? Double(count) / Double(pixels) : 0
        }

        func lightnessShare(below t: Double, in regions: [Region] = Region.allCases) -> Double {
            lightnessShare(in: regions) { $0 < t }
        }

        func lightnessShare(atLeast t: Double, in regions: [Region] = Region.allCases) -> Double {
            lightnessShare(in: regions) { $0 >= t }
        }

        /// 0…1; 0 for an empty region.
        func meanLightness(in region: Region) -> Double {
            let base = region.rawValue * ColourHistogram.lightnessLevelCount
            var sum = 0, pixels = 0
            for level in 0..<ColourHistogram.lightnessLevelCount {
                let n = histogram.lightness[base + level]
                sum += n * level
                pixels += n
            }
            return pixels > 0 ? Double(sum) / Double(pixels) / 255 : 0
        }

        /// The lowest lightness level (0…255) with at least `q` of the pixels at or below it.
        func lightnessQuantile(_ q: Double) -> Int {
            let levels = histogram.lightnessHistogram()
            var cumulative = 0
            for level in 0..<levels.count {
                cumulative += levels[level]
                if Double(cumulative) >= q * Double(total) { return level }
            }
            return levels.count - 1
        }
    }
}
