import ArgumentParser

/// Splits the bytes of `--events-from` into events as they arrive, and
/// holds the input to its bounds while it does.
///
/// Each event is handed on as soon as it is complete, so that a bad one
/// stops the reading at once (`yes bogus | fsm run turnstile --events-from
/// -`); a line is refused as soon as it passes its bound, without reading on
/// to its end (`< /dev/zero`); and the whole input has a bound too, so that
/// no input grows `fsm`'s memory without limit.
struct EventWords {
  /// The most bytes one line may hold: as the shell keeps.
  static let lineLimit = StandardInput.lineLimit

  /// The most bytes the whole input may hold: four times a line, and room
  /// for more than ten million short events.
  static let byteLimit = 64 << 20

  /// The most events the whole input may hold: each is kept, with its step
  /// of the trace, until the run ends (about 130 bytes each).
  static let eventLimit = 1_000_000

  /// How the messages name the input: `standard input`, or a quoted path.
  let source: String

  /// The bytes of the event read so far, when a piece of input ended in it.
  private var word: [UInt8] = []

  /// The bytes read since the last line break.
  private var lineLength = 0

  /// The bytes read in all.
  private var byteCount = 0

  /// The events found so far.
  private var eventCount = 0

  /// Splits the input named `source` in messages.
  init(source: String) {
    self.source = source
  }

  /// Takes the next piece of input, handing each event it completes to
  /// `each`; a usage error when the input passes one of its bounds.
  mutating func take(
    _ bytes: [UInt8], each: (String) throws(ValidationError) -> Void
  ) throws(ValidationError) {
    byteCount += bytes.count
    guard byteCount <= Self.byteLimit else {
      throw ValidationError(
        "\(source) is longer than \(Self.byteLimit) bytes (64 MiB), the most --events-from "
          + "reads: split the events into several runs")
    }
    var start = bytes.startIndex
    for index in bytes.indices {
      let byte = bytes[index]
      if byte == 0x0A {
        lineLength = 0
      } else {
        lineLength += 1
        guard lineLength <= Self.lineLimit else {
          throw ValidationError(
            "a line of \(source) is longer than \(Self.lineLimit) bytes (16 MiB), the most "
              + "--events-from reads in one line: give the events on several lines")
        }
      }
      guard Self.isSpace(byte) else { continue }
      word += bytes[start..<index]
      start = index + 1
      try emit(each)
    }
    word += bytes[start...]
  }

  /// Hands on the last event, which no white space ended.
  mutating func finish(each: (String) throws(ValidationError) -> Void) throws(ValidationError) {
    try emit(each)
  }

  /// Hands on the event in `word`, if there is one, and empties it.
  private mutating func emit(
    _ each: (String) throws(ValidationError) -> Void
  ) throws(ValidationError) {
    guard !word.isEmpty else { return }
    eventCount += 1
    guard eventCount <= Self.eventLimit else {
      throw ValidationError(
        "\(source) holds more than \(Self.eventLimit) events, the most --events-from reads: "
          + "split them into several runs")
    }
    let text = String(decoding: word, as: UTF8.self)
    word.removeAll(keepingCapacity: true)
    try each(text)
  }

  /// Whether `byte` is ASCII white space, which separates events.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }
}
