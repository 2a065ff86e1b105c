import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The events of `--events-from FILE|-`: a file, a pipe or a FIFO
/// (`--events-from <(grep coin log)`), or standard input for `-`; one event
/// a line or several separated by spaces.
///
/// Long runs read their events this way, in time linear in their number,
/// rather than from a command line that the system limits in length. The
/// input is read as it arrives and each event is parsed as soon as it is
/// complete, within the bounds of `EventWords`; no event runs until the
/// whole input has been read, so that a mistake anywhere stops the run
/// before it starts.
enum EventsFile {
  /// Reads and parses the events of the file at `path`, or of the console's
  /// input for `-`, with `parse`; a usage error for input that cannot be
  /// read, passes a bound, or holds an event `parse` refuses.
  static func read<Event>(
    _ path: String, on console: inout Console,
    parse: (String) throws(ValidationError) -> Event
  ) throws(ValidationError) -> [Event] {
    guard path != "-" else {
      return try events(
        of: "standard input", next: { () throws(ReadFailure) in try console.readBytes() },
        parse: parse,
        unreadable: { reason in
          ValidationError(
            "cannot read events from standard input: \(reason); give a file of events, "
              + "as in < events.txt, or pipe them in")
        })
    }
    let descriptor = try openFile(path)
    defer { close(descriptor) }
    return try events(
      of: "'\(path.printable)'",
      next: { () throws(ReadFailure) in try ChunkedInput.next(from: descriptor) }, parse: parse,
      unreadable: { cannotRead(path, because: $0) })
  }

  /// The events of the input that `next` reads a piece at a time, parsed
  /// with `parse` as each is complete.
  ///
  /// - Parameters:
  ///   - source: The input as messages name it.
  ///   - unreadable: The usage error for a read that failed, for its reason.
  private static func events<Event>(
    of source: String, next: () throws(ReadFailure) -> [UInt8]?,
    parse: (String) throws(ValidationError) -> Event,
    unreadable: (String) -> ValidationError
  ) throws(ValidationError) -> [Event] {
    var events: [Event] = []
    let each = { (text: String) throws(ValidationError) in events.append(try parse(text)) }
    var words = EventWords(source: source)
    while true {
      let bytes: [UInt8]?
      do {
        bytes = try next()
      } catch {
        throw unreadable(error.reason)
      }
      guard let bytes else { break }
      try words.take(bytes, each: each)
    }
    try words.finish(each: each)
    return events
  }

  /// Opens the file at `path` for reading; a usage error for a folder or a
  /// file that cannot be opened.
  private static func openFile(_ path: String) throws(ValidationError) -> Int32 {
    guard !OutputPath.isFolder(path) else {
      throw ValidationError(
        "'\(path.printable)' given to --events-from is a folder: give a file of events, "
          + "or - for standard input")
    }
    // A FIFO waits here for its writer, as `cat` does.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let reason =
        errno == ENOENT
        ? "there is no such file" : "it cannot be read (\(String(cString: strerror(errno))))"
      throw cannotRead(path, because: reason)
    }
    return descriptor
  }

  /// The usage error for a file that cannot be read, and why.
  private static func cannotRead(_ path: String, because reason: String) -> ValidationError {
    ValidationError(
      "cannot read events from '\(path.printable)': \(reason); give a file of events, "
        + "or - for standard input")
  }
}
