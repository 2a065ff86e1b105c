#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files all or nothing, so that a failure never leaves a file half
/// written.
///
/// Each file is first written in full to a hidden temporary file beside it
/// (`.turnstile.svg.partial-1f3a…`). Beside it, because renaming a file
/// within one folder is atomic: a reader sees the old file or the new one,
/// never a mix. Only when every temporary file is complete are they renamed
/// into place, one by one. If writing any of them fails, all are removed and
/// the folders are as they were.
enum AtomicFiles {
  /// A file to write: where, and its whole content.
  struct File {
    /// The file's path, absolute or relative to the current folder.
    var path: String

    /// The bytes the file will hold.
    var bytes: [UInt8]
  }

  /// Writes `files`, replacing any that exist.
  ///
  /// - Throws: `FileWriteError` naming the file that failed and why. Nothing
  ///   was written, unless renaming failed part way (very unlikely once the
  ///   temporary files exist); then the files renamed before it are complete
  ///   and listed in the error.
  static func write(_ files: [File]) throws(FileWriteError) {
    var staged: [(temporary: String, file: File)] = []
    for file in files {
      do {
        staged.append((try stage(file), file))
      } catch {
        discard(staged.map(\.temporary))
        throw error
      }
    }
    var written: [String] = []
    for (index, (temporary, file)) in staged.enumerated() {
      guard rename(temporary, file.path) == 0 else {
        let reason = lastErrorReason()
        discard(staged[index...].map(\.temporary))
        throw FileWriteError(path: file.path, reason: reason, written: written)
      }
      written.append(file.path)
    }
  }

  /// Creates the folder at `path` and any folders above it that are
  /// missing, as `mkdir -p` does.
  static func createFolder(_ path: String) throws(FileWriteError) {
    var partial = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      partial += component + "/"
      if OutputPath.isFolder(partial) { continue }
      if mkdir(partial, 0o777) != 0 && errno != EEXIST {
        throw FileWriteError(path: path, reason: lastErrorReason(), action: "create the folder")
      }
    }
    guard OutputPath.isFolder(path) else {
      throw FileWriteError(
        path: path, reason: "something that is not a folder is in the way",
        action: "create the folder")
    }
  }

  /// Writes `file`'s bytes to a new temporary file beside it and returns its
  /// path; on failure removes it again.
  private static func stage(_ file: File) throws(FileWriteError) -> String {
    let temporary = temporaryPath(beside: file.path)
    // O_EXCL: never write into a file someone else made under that name.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw FileWriteError(path: file.path, reason: lastErrorReason())
    }
    let wrote = writeAll(file.bytes, to: descriptor)
    let reason = wrote ? nil : lastErrorReason()
    // A full disk may only show when the file is closed.
    let closed = close(descriptor) == 0
    guard wrote, closed else {
      let failure = FileWriteError(path: file.path, reason: reason ?? lastErrorReason())
      unlink(temporary)
      throw failure
    }
    return temporary
  }

  /// `folder/.name.partial-<random>` for `folder/name`.
  private static func temporaryPath(beside path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { path[...$0] } ?? ""
    let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
    let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
    return "\(folder).\(name).partial-\(suffix)"
  }

  /// Removes temporary files, as well as it can: this runs while another
  /// failure is being reported.
  private static func discard(_ temporaries: some Sequence<String>) {
    for temporary in temporaries { unlink(temporary) }
  }

  /// The system's words for the last failed call, as in `Permission denied`.
  private static func lastErrorReason() -> String {
    String(cString: strerror(errno))
  }
}

/// Writes every byte, retrying after interruptions; false on an error, with
/// the reason in `errno`.
///
/// Outside `AtomicFiles`, where `write` is the C function and not its own.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
  bytes.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return false
      }
    }
    return true
  }
}

/// A file that could not be written, and what was written before it.
struct FileWriteError: Error, CustomStringConvertible {
  /// The file that could not be written.
  var path: String

  /// The system's reason, as in `Permission denied`.
  var reason: String

  /// The files completely written before the failure, usually none.
  var written: [String] = []

  /// What could not be done to `path`: `write`, or `create the folder`.
  var action = "write"

  var description: String {
    let outcome =
      written.isEmpty
      ? "nothing was written"
      : "only these were written, in full: " + written.joined(separator: ", ")
    return "could not \(action) '\(path)': \(reason); \(outcome)"
  }
}
