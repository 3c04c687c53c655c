import Foundation
import GRDB

/// The files ingest judged damaged or unsupported (`problem_file`). A file that failed is
/// judged once: a later run finds it here by its path and stamp before reading it, or by its
/// hash after, and reports it as known instead of failing again. A file kept as an entry
/// without a picture is listed too, but its entry already keeps it from being read again.
extension JournalStore {
    /// The judgement recorded for `path`, whatever the file there is now.
    package func problemFile(path: String) throws -> ProblemFile? {
        try pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM problem_file WHERE path = ?", arguments: [path]).map(Self.problemFile)
        }
    }

    /// A failure recorded for these bytes, under any path (the oldest judgement).
    package func knownFailure(contentHash: String) throws -> ProblemFile? {
        try pool.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM problem_file WHERE content_hash = ? AND entry_id IS NULL ORDER BY judged_at LIMIT 1",
                arguments: [contentHash]
            ).map(Self.problemFile)
        }
    }

    /// Records a judgement, in place of any earlier one for the same path.
    package func recordProblem(_ problem: ProblemFile) throws {
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO problem_file
                    (path, file_size, modified_ns, content_hash, code, reason, entry_id, judged_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    problem.path, problem.stamp.size, problem.stamp.modifiedNanoseconds, problem.contentHash, problem.code,
                    problem.reason, problem.entryID, problem.judgedAt,
                ])
        }
    }

    /// Forgets the judgement of `path` (its file was read well since, or a person asked for it
    /// to be judged again); false when there was none.
    @discardableResult
    package func forgetProblem(path: String) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM problem_file WHERE path = ?", arguments: [path])
            return db.changesCount > 0
        }
    }

    /// Forgets every judgement: each file is read again by the next run. Returns how many.
    package func forgetAllProblems() throws -> Int {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM problem_file")
            return db.changesCount
        }
    }

    /// Every judgement, by path.
    package func problemFiles() throws -> [ProblemFile] {
        try pool.read { db in try Row.fetchAll(db, sql: "SELECT * FROM problem_file ORDER BY path").map(Self.problemFile) }
    }

    private static func problemFile(_ row: Row) -> ProblemFile {
        ProblemFile(
            path: row["path"], stamp: FileStampOnDisk(size: row["file_size"], modifiedNanoseconds: row["modified_ns"]),
            contentHash: row["content_hash"], code: row["code"], reason: row["reason"], entryID: row["entry_id"],
            judgedAt: row["judged_at"])
    }
}
