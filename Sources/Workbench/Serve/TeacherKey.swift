import Foundation

/// The key of the teacher's link (`/teach/KEY`), kept where the user's
/// state is kept, so that a restarted `fsm serve` has the same teacher's
/// link and knows the teacher's browser again.
///
/// The file is `$XDG_STATE_HOME/fsm/teacher-key`, else
/// `$HOME/.local/state/fsm/teacher-key`: made with mode 0600 (in a folder
/// of mode 0700) the first time, read every time after; replaced by
/// `fsm serve --new-teacher-key`.
enum TeacherKey {
  /// What a key is, as an error message says it.
  static let rule = "16 to 128 characters, each a letter (a-z, A-Z), a digit, '-' or '_'"

  /// Why a key could not be had, in a message that names the file and
  /// the fix.
  struct Failure: Error, Equatable {
    /// What went wrong and what to do.
    var message: String
  }

  /// Whether `text` is a key: see `rule`. Such a key is safe in a path
  /// and in a cookie as it is.
  static func isValid(_ text: String) -> Bool {
    (16...128).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
          true
        default: false
        }
      }
  }

  /// `text`, given with `--teacher-key`, or a failure that says the rule.
  static func given(_ text: String) throws(Failure) -> String {
    guard isValid(text) else {
      let wrong = text.first { !isValid(String(repeating: String($0), count: 16)) }
      throw Failure(
        message: "--teacher-key takes \(rule); the key given has \(text.count) characters"
          + (wrong.map { ", among them '\(String($0).printable)'" } ?? ""))
    }
    return text
  }

  /// Where the key is kept in `environment`: `$XDG_STATE_HOME/fsm/teacher-key`,
  /// else `$HOME/.local/state/fsm/teacher-key`; `nil` when neither is set to
  /// an absolute path.
  static func path(in environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return OutputPath.join(state, "fsm/teacher-key")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return OutputPath.join(home, ".local/state/fsm/teacher-key")
    }
    return nil
  }

  /// The key kept at `path`: read if the file is there, else made and
  /// written (mode 0600); made anew and written over the old one when
  /// `renew`. `made` says the key is new.
  ///
  /// - Throws: `Failure`, naming `path` and the fix, when the file cannot be
  ///   read or written, or does not hold a key.
  static func kept(at path: String, renew: Bool = false) throws(Failure) -> (
    key: String, made: Bool
  ) {
    if !renew, let key = try readKey(path) { return (key, false) }
    let key = SessionStore.makeID()
    try writeKey(key, to: path, replacing: renew)
    // Two servers started at once: the one that wrote first wins, and the
    // other reads its key.
    if !renew, let written = try readKey(path), written != key { return (written, false) }
    return (key, true)
  }

  /// The key in the file at `path`; `nil` when there is no such file.
  private static func readKey(_ path: String) throws(Failure) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason = errno
      if reason == ENOENT { return nil }
      throw Failure(
        message: "cannot read the teacher's key in \(path.printable) (\(describe(reason))): "
          + "let fsm read it (chmod 600 \(path.printable)), delete it to make a new key, "
          + "or give one with --teacher-key KEY")
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while bytes.count <= 1024 {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        throw Failure(
          message: "cannot read the teacher's key in \(path.printable) "
            + "(\(describe(errno))): delete it (fsm serve --new-teacher-key writes a new one), "
            + "or give a key with --teacher-key KEY")
      }
      if count == 0 { break }
      bytes += buffer[..<count]
    }
    let text = String(decoding: bytes, as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard isValid(text) else {
      throw Failure(
        message: "the file \(path.printable) does not hold a teacher's key (\(rule)): "
          + "run fsm serve --new-teacher-key to write a new one there (the old teacher's link "
          + "stops working), or give a key with --teacher-key KEY")
    }
    return text
  }

  /// Writes `key` to `path` whole or not at all (a file of its own, mode
  /// 0600, moved into place): over the old file when `replacing`, else only
  /// if there is none yet.
  private static func writeKey(_ key: String, to path: String, replacing: Bool) throws(Failure) {
    let folder = (path as NSString).deletingLastPathComponent
    let failure = { (reason: String) in
      Failure(
        message: "cannot keep the teacher's key in \(path.printable) (\(reason)): "
          + "set XDG_STATE_HOME to a folder you can write, or give a key with --teacher-key KEY")
    }
    do {
      try FileManager.default.createDirectory(
        atPath: folder, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw failure("its folder cannot be made")
    }
    let temporary = folder + "/.teacher-key-\(getpid())-\(SessionStore.makeID().prefix(8))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(describe(errno)) }
    defer { unlink(temporary) }
    let bytes = Array((key + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced else { throw failure("it could not be written") }
    if replacing {
      guard rename(temporary, path) == 0 else { throw failure(describe(errno)) }
    } else {
      // A link fails where the file already exists: a key is never lost.
      guard link(temporary, path) == 0 || errno == EEXIST else { throw failure(describe(errno)) }
    }
  }

  /// The system's words for `number`, as in "Permission denied".
  private static func describe(_ number: Int32) -> String {
    String(cString: strerror(number))
  }
}
