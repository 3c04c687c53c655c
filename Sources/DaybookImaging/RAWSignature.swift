/// Whether a file's first bytes are a camera RAW's. Most makers' RAW files are TIFF
/// structures (DNG, NEF, ARW, CR2, …), and a plain TIFF is given to LibRaw too: it refuses
/// what it cannot read, with its own words. The rest have signatures of their own.
enum RAWSignature {
    static func matches(_ bytes: [UInt8]) -> Bool {
        func ascii(_ text: String, at offset: Int = 0) -> Bool {
            let expected = Array(text.utf8)
            return bytes.count >= offset + expected.count && Array(bytes[offset..<offset + expected.count]) == expected
        }
        // TIFF, and the makers' variants of its header: Olympus ORF (IIRO, IIRS, MMOR),
        // Panasonic RW2 (IIU\0).
        if ascii("II*\u{0}") || ascii("MM\u{0}*") || ascii("IIRO") || ascii("IIRS") || ascii("MMOR") || ascii("IIU\u{0}") {
            return true
        }
        // Fujifilm RAF is no TIFF at all; Canon CR3 is ISO media with its own brand.
        if ascii("FUJIFILMCCD-RAW") { return true }
        return ISOBoxes.brands(bytes)?.first == "crx "
    }
}
