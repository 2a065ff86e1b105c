/// Long lists of events on the command line, handed to ArgumentParser as a
/// few arguments rather than one argument per event.
///
/// swift-argument-parser (1.8) takes time quadratic in the number of values
/// of one argument: each value copies the array parsed so far and removes
/// its input with a linear search (`ParsedValues.update`,
/// `SplitArguments.remove(at:)`), so 4,000 events took 4 s to parse. So
/// `FSM.execute` joins each run of events into one argument, with a NUL
/// between them, which no argument of a real command line can contain
/// (they are C strings), and the commands split them again: linear time.
enum EventRuns {
  /// Between two events joined into one argument.
  static let separator: UInt8 = 0

  /// `arguments` with the events of `run` and `diagram --events` joined into
  /// a few arguments; any other command line unchanged.
  static func join(_ arguments: [String]) -> [String] {
    guard let command = arguments.first, command == "run" || command == "diagram",
      !arguments.contains(where: { $0.utf8.contains(separator) })
    else { return arguments }
    var joined = [command]
    var index = 1
    while index < arguments.count {
      let argument = arguments[index]
      // After `--` every argument is a value; leave them as they are.
      guard argument != "--" else { return joined + arguments[index...] }
      let end = arguments[index...].firstIndex { $0.hasPrefix("-") } ?? arguments.endIndex
      guard end > index else {
        joined.append(argument)
        index += 1
        continue
      }
      let run = arguments[index..<end]
      // `run`: the first two of a run of values may be an option's value and
      // the machine; the rest are events. `diagram --events` takes them all.
      let kept =
        command == "run" ? 2 : (arguments[index - 1] == "--events" ? 0 : run.count)
      joined += run.prefix(kept)
      let events = run.dropFirst(kept)
      if !events.isEmpty {
        joined.append(events.joined(separator: String(UnicodeScalar(separator))))
      }
      index = end
    }
    return joined
  }

  /// The events of `arguments`, split again where `join` joined them.
  static func split(_ arguments: [String]) -> [String] {
    arguments.flatMap { argument in
      argument.utf8.split(separator: separator, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
      }
    }
  }
}
