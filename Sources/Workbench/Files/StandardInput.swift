#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input, read line by line with a bound on how much of one line is
/// kept.
///
/// `Swift.readLine` keeps a whole line however long it is, so input with no
/// line break at all (`fsm shell turnstile < /dev/zero`) grew the process
/// without bound. This reader keeps at most `lineLimit` bytes of a line and
/// one more to show that it was longer, and reads the rest to the line break
/// without keeping it.
enum StandardInput {
  /// The most of one line that is kept: far more than anyone types, and room
  /// for about two million events on one line of `--events-from -`.
  static let lineLimit = 16 << 20

  /// The next line without its line break (`\n` or `\r\n`), or `nil` at the
  /// end of input; a line longer than `lineLimit` bytes comes back cut to
  /// `lineLimit + 1` bytes, so `isCut` tells it apart.
  static func readLine() -> String? {
    var bytes: [UInt8] = []
    var readAnything = false
    while true {
      let character = getchar()
      if character == EOF { break }
      readAnything = true
      if character == 0x0A { break }
      if bytes.count <= lineLimit { bytes.append(UInt8(truncatingIfNeeded: character)) }
    }
    guard readAnything else { return nil }
    if bytes.last == 0x0D && bytes.count <= lineLimit { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `line` was cut because it was longer than `lineLimit` bytes.
  static func isCut(_ line: String) -> Bool { line.utf8.count > lineLimit }

  /// Why standard input cannot be read as lines, or `nil`: `readLine`'s
  /// `getchar` takes a read error for the end of input, so a folder
  /// (`< /`) would look like an empty session.
  static func unreadable() -> ReadFailure? {
    var status = stat()
    guard fstat(STDIN_FILENO, &status) == 0 else { return ReadFailure(errno: errno) }
    return status.st_mode & S_IFMT == S_IFDIR ? ReadFailure(errno: EISDIR) : nil
  }
}
