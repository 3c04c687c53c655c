extension ColourTagger {
    /// The named colour of every pixel in a bin (see `ColourName` for the order of the rules).
    package static func colour(hueBin: Int, saturationBin: Int, valueBin: Int) -> ColourName {
        ColourName.allCases[
            Int(
                binClasses[
                    ColourHistogram.binIndex(
                        hue: hueBin, saturation: saturationBin, value: valueBin)] & 0x0F)]
    }

    static let neutralFlag: UInt8 = 0x10
    static let paleFlag: UInt8 = 0x20
    static let vividFlag: UInt8 = 0x40

    /// For each of the histogram's hue × saturation × value bins: the colour index (low 4 bits)
    /// and whether its pixels are neutral, pale or vivid.
    static let binClasses: [UInt8] = {
        typealias H = ColourHistogram
        typealias T = Thresholds
        // First saturation / value bin at or above a threshold: the edges are the thresholds.
        func satBin(_ t: Double) -> Int { H.saturationEdges.firstIndex(of: t)! + 1 }
        func valBin(_ t: Double) -> Int { H.valueEdges.firstIndex(of: t)! + 1 }
        precondition(
            H.saturationEdges == H.saturationEdges.sorted()
                && H.valueEdges == H.valueEdges.sorted(), "bin edges must increase")

        var hueNames = [ColourName](repeating: .red, count: H.hueBinCount)
        for (i, range) in T.hueRanges.enumerated() {
            let end = T.hueRanges[(i + 1) % T.hueRanges.count].from
            precondition(range.from % H.hueBinDegrees == 0, "hue ranges start on a bin edge")
            var bin = range.from / H.hueBinDegrees
            while bin != end / H.hueBinDegrees {
                hueNames[bin] = range.colour
                bin = (bin + 1) % H.hueBinCount
            }
        }

        var classes = [UInt8](repeating: 0, count: H.binsPerRegion)
        for hue in 0..<H.hueBinCount {
            for sat in 0..<H.saturationBinCount {
                for val in 0..<H.valueBinCount {
                    let neutral = val < valBin(T.blackValue) || sat < satBin(T.greySaturation)
                    let name: ColourName
                    if val < valBin(T.blackValue) {
                        name = .black
                    } else if sat < satBin(T.greySaturation) {
                        name = val >= valBin(T.lightValue) ? .white : .grey
                    } else if T.brownHues.contains(hueNames[hue]) && val < valBin(T.brownValue) {
                        name = .brown
                    } else if hueNames[hue] == .red && val >= valBin(T.lightValue)
                        && sat < satBin(T.vividSaturation)
                    {
                        name = .pink
                    } else {
                        name = hueNames[hue]
                    }
                    var flags = UInt8(ColourName.allCases.firstIndex(of: name)!)
                    if neutral { flags |= neutralFlag }
                    if !neutral && sat < satBin(T.paleSaturation) { flags |= paleFlag }
                    if sat >= satBin(T.vividSaturation) && val >= valBin(T.vividValue) {
                        flags |= vividFlag
                    }
                    classes[H.binIndex(hue: hue, saturation: sat, value: val)] = flags
                }
            }
        }
        return classes
    }()
}
