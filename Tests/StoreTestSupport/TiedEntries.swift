import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import XCTest

/// The timeline's order as a person reads it, written as the rule every walk of the timeline
/// must match: newest capture first, undated last; entries captured in the same second, newest
/// added first, then by id.
public func timelinePrecedes(_ a: JournalEntry, _ b: JournalEntry) -> Bool {
    switch (a.capturedLocal, b.capturedLocal) {
    case (let x?, let y?) where x != y: return x > y
    case (nil, _?): return false
    case (_?, nil): return true
    default: return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id < b.id
    }
}

/// A journal where most entries tie on the timeline: 60 entries, every fourth undated, the rest
/// at three capture times, added at three instants, with ids in no order of their own; and
/// their ids in timeline order.
public func makeTiedStore() throws -> (JournalStore, [String]) {
    let store = try makeStore("daybook-timeline-order")
    let entries = (0..<60).map { index in
        tiedEntry(
            index, idSpread: 4096, captured: index % 4 == 0 ? nil : LocalDateTime(exif: "2021:07:0\(1 + index % 3) 10:00:00"),
            added: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 3)))
    }
    XCTAssertEqual(try store.insert(batch: entries), 60)
    return (store, entries.sorted(by: timelinePrecedes).map(\.id))
}

/// A journal crowded on one day: 300 entries, 160 of them at the same second and all added at
/// the same instant (so only the id orders them), and 40 on the next day.
public func makeCrowdedStore() throws -> JournalStore {
    let store = try makeStore("daybook-search-paging")
    let entries = (0..<340).map { index in
        let time: String
        switch index {
        case ..<160: time = "2021:07:01 10:00:00"
        case ..<300: time = String(format: "2021:07:01 %02d:%02d:00", 11 + (index - 160) / 60, (index - 160) % 60)
        default: time = "2021:07:02 09:00:00"
        }
        return tiedEntry(index, idSpread: 1000, captured: LocalDateTime(exif: time), added: Date(timeIntervalSince1970: 1_700_000_000))
    }
    XCTAssertEqual(try store.insert(batch: entries), 340)
    return store
}

/// Entry `index`, captured at `captured` and added at `added`; its id's first part is `index`
/// scattered over `idSpread` values, so ids follow neither capture nor addition.
private func tiedEntry(_ index: Int, idSpread: Int, captured: LocalDateTime?, added: Date) -> JournalEntry {
    let id = String(format: "%08x-0000-4000-8000-%012x", index * 7919 % idSpread, index)
    let created = JournalEntry.timestamp(added)
    return JournalEntry(
        id: id, contentHash: String(repeating: "0", count: 52) + String(format: "%012x", index), sourcePath: "/p/\(index).jpg",
        fileSize: 1, capturedLocal: captured, captureSubsec: nil, captureSource: captured == nil ? nil : .dateTimeOriginal,
        offset: nil, location: nil, cameraMake: nil, cameraModel: nil, pixelWidth: nil, pixelHeight: nil, orientation: .up,
        thumbnail: nil, thumbnailWidth: nil, thumbnailHeight: nil, problems: nil, text: "", weatherStatus: .unavailable,
        weatherError: nil, createdAt: created, updatedAt: created)
}
