import DaybookCore
import DaybookStore

/// A stack as `--json` prints it, wherever it appears: `{"cover", "size", "cover_picked",
/// "frames"}` (docs/json-schema.md). `show` names each frame by its id, since the entry itself
/// is printed beside it; `stack show` and `stack cover` print each frame whole
/// (`StackFrameOutput`). The keys are written snake_case by the type itself (`SnakeCaseKeyed`),
/// as `show`'s entry is.
package struct StackOutput<Frame: Encodable & Sendable>: Sendable, SnakeCaseKeyed {
    package let cover: String
    package let size: Int
    package let coverPicked: Bool
    package let frames: [Frame]

    package init(_ stack: EntryStack, frames: [Frame]) {
        cover = stack.coverID
        size = stack.size
        coverPicked = stack.coverPicked
        self.frames = frames
    }

    enum Key: String, CodingKey {
        case cover, frames, size
        case coverPicked = "cover_picked"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(cover, forKey: .cover)
        try container.encode(frames, forKey: .frames)
        try container.encode(coverPicked, forKey: .coverPicked)
        try container.encode(size, forKey: .size)
    }
}

extension StackOutput where Frame == String {
    /// The stack with its frames by id, oldest first.
    package init(_ stack: EntryStack) { self.init(stack, frames: stack.frameIDs) }
}

/// A frame of a stack (or a copy `duplicates` found) as `--json` prints it, and as one line of
/// text: cover mark, id, time, pixels, size, path.
package struct StackFrameOutput: Sendable, SnakeCaseKeyed {
    package let id: String
    package let path: String
    package let fileSize: Int64
    package let capturedLocal: String?
    package let camera: String?
    package let width: Int?
    package let height: Int?
    package let isCover: Bool

    package init(_ entry: JournalEntry, coverID: String?) {
        id = entry.id
        path = entry.sourcePath
        fileSize = entry.fileSize
        capturedLocal = entry.capturedLocal?.iso8601
        camera = entry.camera
        width = entry.pixelWidth
        height = entry.pixelHeight
        isCover = entry.id == coverID
    }

    enum Key: String, CodingKey {
        case id, path, camera, width, height
        case fileSize = "file_size"
        case capturedLocal = "captured_local"
        case isCover = "is_cover"
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(path, forKey: .path)
        try container.encode(fileSize, forKey: .fileSize)
        try container.encodeIfPresent(capturedLocal, forKey: .capturedLocal)
        try container.encodeIfPresent(camera, forKey: .camera)
        try container.encodeIfPresent(width, forKey: .width)
        try container.encodeIfPresent(height, forKey: .height)
        try container.encode(isCover, forKey: .isCover)
    }

    package var line: TerminalText {
        let size = width.flatMap { w in height.map { "\(w)×\($0)" } } ?? "?"
        let mark = isCover ? "*" : " "
        return "\(mark) \(String(id.prefix(8)))  \(capturedLocal ?? "(no date)")  \(size)  \(ByteCount.text(fileSize))  \(path)"
    }
}
