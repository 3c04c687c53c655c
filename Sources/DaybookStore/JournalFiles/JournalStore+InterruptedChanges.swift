import Foundation

extension JournalStore {
    /// Makes the index agree with the journal files that changes killed before their commit
    /// left behind (`JournalChangeLog`), on a read-write open. A file that does not parse is
    /// named and left as it is, as the journal watcher leaves it; a log whose files could not
    /// all be indexed (the index busy or failing) is kept for the next open.
    func indexFilesOfInterruptedChanges() {
        let line = { (text: String) in FileHandle.standardError.write(Data("daybook: \(text)\n".utf8)) }
        for log in JournalChangeLog.logsOfGoneProcesses(in: library) {
            // The last move of a file is the one that counts (a date set, then set back).
            var settled = Set<JournalFilePath>()
            for move in log.moves.reversed() where !settled.contains(move.old) && !settled.contains(move.new) {
                finishMove(from: move.old, to: move.new)
                settled.formUnion([move.old, move.new])
            }
            // The files there first, then the names gone: a file moved to another month is
            // then found at its new name before its old one is missed.
            let exists = { (path: JournalFilePath) in FileManager.default.fileExists(atPath: path.url(in: self.library).path) }
            let ordered = log.paths.filter(exists) + log.paths.filter { !exists($0) }
            var finished = true
            for path in ordered {
                do {
                    _ = try indexJournalFile(at: path)
                } catch let error as JournalFileError {
                    line("\(error): left as it is")
                } catch {
                    line("could not index \(path) after an interrupted change (\(error)); the next open tries again")
                    finished = false
                    break
                }
            }
            if finished { log.remove() } else { log.keep() }
        }
    }

    /// A move killed after its new file and before the old one went: the new file is what the
    /// change wrote, so the old one goes now, once both read as the same entry's. A move whose
    /// new file never came (killed first, or put back) leaves the old one as it is.
    private func finishMove(from old: JournalFilePath, to new: JournalFilePath) {
        guard old != new, let data = try? readJournalFileIfPresent(new), let moved = try? JournalFileParser.parse(data),
            moved.deleted == nil, (try? readJournalFile(at: old, of: moved.id)) != nil
        else { return }
        AtomicFile.remove(root: library.root, folders: [JournalFilePath.folderName] + old.folders, name: old.fileName)
    }
}
