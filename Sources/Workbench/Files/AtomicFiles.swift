#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files all or nothing, so that a failure never leaves a file half
/// written, and never replaces what is not a file.
///
/// Each file is first written in full to a hidden temporary file beside it
/// (`.turnstile.svg.partial-1f3a…`) and synced to disk. Beside it, because
/// renaming a file within one folder is atomic: a reader sees the old file or
/// the new one, never a mix. Only when every temporary file is complete are
/// they renamed into place, one by one. If writing any of them fails, all are
/// removed and the folders are as they were; SIGINT and SIGTERM remove them
/// too (`TemporaryFiles`).
///
/// A symbolic link is written through: the file it points to is replaced and
/// the link stays. A character device or a FIFO (`/dev/null`, a named pipe)
/// is written to in place, as the shell's `>` would; a folder, a block device
/// or a socket is refused.
enum AtomicFiles {
  /// A file to write: where, and its whole content.
  struct File {
    /// The file's path, absolute or relative to the current folder.
    var path: String

    /// The bytes the file will hold.
    var bytes: [UInt8]
  }

  /// How a file reaches what its path names.
  private enum Destination {
    /// Through a temporary file renamed onto this path: the regular file, or
    /// the missing one, that the path leads to once links are followed.
    case replace(String)

    /// Written in place: a character device or a FIFO, which a rename would
    /// replace by a regular file.
    case inPlace
  }

  /// A complete temporary file, waiting to be renamed.
  private struct Staged {
    /// The path the file was asked for, as the messages name it.
    var path: String

    /// The temporary file.
    var temporary: String

    /// Its slot in `TemporaryFiles`.
    var slot: Int?

    /// What it is renamed onto.
    var destination: String
  }

  /// Writes `files`, replacing any that exist.
  ///
  /// - Throws: `FileWriteError` naming the file that failed and why. Nothing
  ///   was written, unless renaming failed part way (very unlikely once the
  ///   temporary files exist); then the files renamed before it are complete
  ///   and listed in the error.
  static func write(_ files: [File]) throws(FileWriteError) {
    var staged: [Staged] = []
    do {
      var inPlace: [File] = []
      for file in files {
        switch try destination(of: file.path) {
        case .replace(let destination): staged.append(try stage(file, onto: destination))
        case .inPlace: inPlace.append(file)
        }
      }
      holdForTests()
      // Devices and FIFOs last, once every other file is safely staged:
      // what they are sent cannot be taken back.
      for file in inPlace { try writeInPlace(file) }
    } catch {
      discard(staged)
      throw error
    }
    try renameIntoPlace(staged)
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

  /// What `path` names, links followed: a file to replace, a device or FIFO
  /// to write in place, or something refused.
  private static func destination(of path: String) throws(FileWriteError) -> Destination {
    var status = stat()
    guard stat(path, &status) == 0 else {
      // Nothing there, or a link to nothing: create what it names.
      guard errno == ENOENT else { throw FileWriteError(path: path, reason: lastErrorReason()) }
      return .replace(try followingLinks(path))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .replace(try followingLinks(path))
    case S_IFCHR, S_IFIFO: return .inPlace
    case S_IFDIR: throw FileWriteError(path: path, reason: "it is a folder")
    default:
      throw FileWriteError(
        path: path,
        reason: "it is not a file, a character device or a FIFO (a block device or a socket)")
    }
  }

  /// `path` with the symbolic links at its end followed, so that the rename
  /// replaces the file a link points to and not the link.
  private static func followingLinks(_ path: String) throws(FileWriteError) -> String {
    var current = path
    var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    for _ in 0..<40 {  // Linux's own limit on links in a row.
      let count = readlink(current, &target, target.count - 1)
      guard count >= 0 else { return current }  // Not a link, or nothing there.
      let link = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : folder(of: current) + link
    }
    throw FileWriteError(path: path, reason: String(cString: strerror(ELOOP)))
  }

  /// Writes `file`'s bytes to a new temporary file beside `destination`,
  /// synced to disk; on failure removes it again.
  private static func stage(
    _ file: File, onto destination: String
  ) throws(FileWriteError) -> Staged {
    let temporary = folder(of: destination) + temporaryName(for: destination)
    // Registered before it exists: a signal may come as soon as it does.
    let slot = TemporaryFiles.register(temporary)
    // O_EXCL: never write into a file someone else made under that name.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      let failure = FileWriteError(path: file.path, reason: lastErrorReason())
      TemporaryFiles.unregister(slot)
      throw failure
    }
    // Synced before the rename, or a crash could leave the new name on an
    // empty file.
    let wrote = writeAll(file.bytes, to: descriptor) && fsync(descriptor) == 0
    let reason = wrote ? nil : lastErrorReason()
    // A full disk may only show when the file is closed.
    let closed = close(descriptor) == 0
    guard wrote, closed else {
      let failure = FileWriteError(path: file.path, reason: reason ?? lastErrorReason())
      unlink(temporary)
      TemporaryFiles.unregister(slot)
      throw failure
    }
    return Staged(path: file.path, temporary: temporary, slot: slot, destination: destination)
  }

  /// Writes `file` to the character device or FIFO at its path, as it is.
  private static func writeInPlace(_ file: File) throws(FileWriteError) {
    // No O_CREAT: if it vanished since, this fails rather than make a file.
    let descriptor = open(file.path, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw FileWriteError(path: file.path, reason: lastErrorReason()) }
    let wrote = writeAll(file.bytes, to: descriptor)
    let reason = wrote ? nil : lastErrorReason()
    let closed = close(descriptor) == 0
    guard wrote, closed else {
      throw FileWriteError(path: file.path, reason: reason ?? lastErrorReason())
    }
  }

  /// Renames every staged file into place, then syncs their folders.
  ///
  /// SIGINT and SIGTERM are held back until the last rename is done, so that
  /// a signal cannot leave some files renamed and the rest removed.
  private static func renameIntoPlace(_ staged: [Staged]) throws(FileWriteError) {
    var signals = sigset_t()
    var previous = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    pthread_sigmask(SIG_BLOCK, &signals, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    var written: [String] = []
    for (index, file) in staged.enumerated() {
      guard rename(file.temporary, file.destination) == 0 else {
        let reason = lastErrorReason()
        discard(staged[index...])
        throw FileWriteError(path: file.path, reason: reason, written: written)
      }
      TemporaryFiles.unregister(file.slot)
      written.append(file.path)
    }
    // A rename lasts through a crash only once its folder is synced.
    for folder in Set(staged.map { folder(of: $0.destination) }) {
      let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      guard descriptor >= 0 else { continue }
      fsync(descriptor)
      close(descriptor)
    }
  }

  /// Waits for a signal with the temporary files in place, when the
  /// environment asks for it: the tests' one way to catch that moment.
  private static func holdForTests() {
    guard getenv("FSM_TEST_HOLD_BEFORE_RENAME") != nil else { return }
    let notice = "holding the temporary files\n"
    _ = writeAll(Array(notice.utf8), to: STDERR_FILENO)
    sleep(30)
  }

  /// `folder/` for `folder/name`, and nothing for a bare name.
  private static func folder(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
  }

  /// `.name.partial-<random>` for `folder/name`.
  private static func temporaryName(for path: String) -> String {
    let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
    let suffix = String(UInt64.random(in: .min ... .max), radix: 16)
    return ".\(name).partial-\(suffix)"
  }

  /// Removes temporary files, as well as it can: this runs while another
  /// failure is being reported.
  private static func discard(_ staged: some Sequence<Staged>) {
    for file in staged {
      unlink(file.temporary)
      TemporaryFiles.unregister(file.slot)
    }
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
