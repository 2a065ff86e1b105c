import ArgumentParser
import Foundation

/// The events of `--events-from FILE|-`: a file, or standard input for `-`,
/// one event a line or several separated by spaces.
///
/// Long runs read their events this way, in time linear in their number,
/// rather than from a command line that the system limits in length.
enum EventsFile {
  /// Reads the events from the file at `path`, or from the console's input
  /// for `-`; a usage error for a file that cannot be read.
  static func read(_ path: String, on console: inout Console) throws(ValidationError) -> [String] {
    guard path != "-" else {
      var events: [String] = []
      while let line = console.readLine() {
        guard !StandardInput.isCut(line) else {
          throw ValidationError(
            "a line of standard input is longer than \(StandardInput.lineLimit) bytes: "
              + "give the events on several lines")
        }
        events += words(line.utf8)
      }
      return events
    }
    guard !OutputPath.isFolder(path) else {
      throw ValidationError(
        "'\(path.printable)' given to --events-from is a folder: give a file of events, "
          + "or - for standard input")
    }
    guard let bytes = FileManager.default.contents(atPath: path) else {
      let reason =
        FileManager.default.fileExists(atPath: path) ? "it cannot be read" : "there is no such file"
      throw ValidationError(
        "cannot read events from '\(path.printable)': \(reason); give a file of events, "
          + "or - for standard input")
    }
    return words(bytes)
  }

  /// The words of `bytes`, split at ASCII white space.
  private static func words(_ bytes: some Collection<UInt8>) -> [String] {
    bytes.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) }).map {
      String(decoding: $0, as: UTF8.self)
    }
  }
}
