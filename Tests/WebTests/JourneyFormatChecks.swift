import Foundation
import XCTest

/// The formats beyond JPEG and HEIF on the journey. A screenshot's page says its
/// date came from its name, a RAW+JPEG pair's page offers the RAW's exact bytes, and the
/// originals a browser can show (PNG, AVIF, and the AVIF as a JPEG) load at the photo's shape.
extension JourneyPages {
    /// The types the "Original file" link may answer with, by the photo's extension.
    static func originalTypes(of name: String) -> [String] {
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "jpg", "jpeg": ["image/jpeg"]
        case "png": ["image/png"]
        case "avif": ["image/avif"]
        default: ["image/heic", "image/heif"]
        }
    }

    func checkFormatFacts(_ entry: JourneyJournal.Entry, on page: String) throws {
        if let source = entry.photo.dateFrom {
            let time = try browser.evaluate(JourneyScripts.fact("Time")) as? String ?? ""
            XCTAssertTrue(time.contains("date from \(source)"), "\(page): the Time fact says \"\(time)\"")
        }
        if let raw = entry.photo.raw { try checkRAWLink(raw, of: entry, on: page) }
        if ["png", "avif"].contains(URL(fileURLWithPath: entry.photo.name).pathExtension.lowercased()) {
            try checkOriginalPictures(of: entry, on: page)
        }
    }

    /// One line names the RAW, and its link downloads the very bytes that were in the folder.
    private func checkRAWLink(_ raw: JourneyFile, of entry: JourneyJournal.Entry, on page: String) throws {
        let link = try XCTUnwrap(try browser.evaluate(JourneyScripts.rawDownload) as? [String: Any], "\(page): the RAW line")
        XCTAssertEqual(link["text"] as? String, "RAW: \(raw.name)", "\(page): the RAW line")
        XCTAssertEqual(link["href"] as? String, "/originals/\(entry.listed.id)?file=raw", "\(page): the RAW link")
        XCTAssertEqual(link["download"] as? Bool, true, "\(page): the RAW link downloads")
        XCTAssertEqual(link["status"] as? Int, 200, "\(page): the RAW download answers")
        let bytes = Data(base64Encoded: link["base64"] as? String ?? "")
        XCTAssertEqual(bytes, try Data(contentsOf: raw.url), "\(page): the RAW download is \(raw.source) byte for byte")
    }

    /// The original (and, for a format some browsers lack, the original as a JPEG) opened as a
    /// picture in Chromium: it decodes, at the shape a viewer shows.
    private func checkOriginalPictures(of entry: JourneyJournal.Entry, on page: String) throws {
        let pictures = try XCTUnwrap(try browser.evaluate(JourneyScripts.originalPictures) as? [[String: Any]], page)
        let expected = entry.photo.name.lowercased().hasSuffix(".avif") ? 2 : 1
        XCTAssertEqual(pictures.count, expected, "\(page): the original's links \(pictures)")
        for picture in pictures {
            let width = picture["width"] as? Int ?? 0
            let height = picture["height"] as? Int ?? 0
            let href = picture["href"] as? String ?? ""
            guard width > 0, height > 0 else {
                XCTFail("\(page): \(href) does not load as a picture")
                continue
            }
            XCTAssertEqual(
                Double(width) / Double(height) / entry.photo.aspect, 1, accuracy: 0.02,
                "\(page): \(href) shown \(width)x\(height), the photo is \(entry.photo.displayWidth)x\(entry.photo.displayHeight)")
        }
    }
}

extension JourneyScripts {
    /// The text of an entry's fact, notes included.
    static func fact(_ label: String) -> String {
        """
        Array.from(document.querySelectorAll(".facts dt")).find((dt) => dt.textContent === \(quoted(label)))?.nextElementSibling?.textContent ?? ""
        """
    }

    /// The RAW line of a pair's page, and what its link downloads (base64, as the bytes).
    static let rawDownload = """
        (async () => {
          const line = document.querySelector("figure.preview figcaption.file");
          const link = line?.querySelector("a");
          if (!link) return { text: line?.textContent ?? "no RAW line" };
          const answer = await fetch(link.href);
          const bytes = new Uint8Array(await answer.arrayBuffer());
          let text = "";
          for (let start = 0; start < bytes.length; start += 8192) text += String.fromCharCode(...bytes.subarray(start, start + 8192));
          return { text: line.textContent, href: link.getAttribute("href"), download: link.hasAttribute("download"), status: answer.status, base64: btoa(text) };
        })()
        """

    /// The "Original file" and "Original as JPEG" links, each loaded as an image.
    static let originalPictures = """
        (async () => {
          const seen = [];
          for (const link of Array.from(document.querySelectorAll("figure.preview figcaption:not(.file) a"))) {
            const img = new Image();
            const loaded = new Promise((done) => { img.onload = done; img.onerror = done; });
            img.src = link.href;
            await loaded;
            seen.push({ href: link.getAttribute("href"), width: img.naturalWidth, height: img.naturalHeight });
          }
          return seen;
        })()
        """
}
