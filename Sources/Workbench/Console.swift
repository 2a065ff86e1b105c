#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `fsm` reads lines and writes text: the process's terminal, or
/// strings in a test.
///
/// Every command talks to a console instead of to standard output directly,
/// so the tests can run the whole tool in-process and check what it printed.
public struct Console: TextOutputStream {
  /// Reads the next line of input without its newline, or `nil` at the end.
  public var readLine: () -> String?

  /// Reads the next bytes of input as they arrive, or `nil` at the end: for
  /// input read as a stream and checked as it comes (`--events-from -`),
  /// where a line may never end.
  public var readBytes: () throws(ReadFailure) -> [UInt8]?

  /// Whether a person types the input at a terminal, so prompts are worth
  /// printing; piped input gets clean output without them.
  public var isInteractive: Bool

  /// Writes text to standard output.
  public var output: (String) -> Void

  /// Writes text to standard error.
  public var errorOutput: (String) -> Void

  /// Why the input cannot be read as lines at all (a folder on standard
  /// input), or `nil`: asked before a shell starts, so that `fsm shell < /`
  /// is refused rather than taken for an empty session.
  public var unreadableInput: () -> ReadFailure? = { nil }

  /// Creates a console from its parts; without `readBytes`, the stream of
  /// input is `readLine`'s lines, each ended by a line break.
  public init(
    readLine: @escaping () -> String?, isInteractive: Bool,
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void,
    readBytes: (() throws(ReadFailure) -> [UInt8]?)? = nil
  ) {
    self.readLine = readLine
    self.readBytes = readBytes ?? { readLine().map { Array($0.utf8) + [0x0A] } }
    self.isInteractive = isInteractive
    self.output = output
    self.errorOutput = errorOutput
  }

  /// The process's standard input, output and error.
  public static var standard: Console {
    var console = Console(
      readLine: { StandardInput.readLine() },
      isInteractive: isatty(STDIN_FILENO) != 0,
      output: { if !writeAll($0, to: STDOUT_FILENO) { standardOutputFailed() } },
      errorOutput: { _ = writeAll($0, to: STDERR_FILENO) },
      readBytes: { () throws(ReadFailure) in try ChunkedInput.next(from: STDIN_FILENO) })
    console.unreadableInput = { StandardInput.unreadable() }
    return console
  }

  /// Writes `string` to standard output, so that `print(_:to:)` works.
  public mutating func write(_ string: String) {
    output(string)
  }

  /// Writes one line to standard error.
  mutating func printError(_ message: String) {
    errorOutput(message + "\n")
  }
}

/// Ends the process after a write to standard output failed, as `cat` does:
/// quietly, by SIGPIPE (status 141 in a shell), when the reader went away, as
/// `head` does; else with a message and status 1. Nothing more could be
/// written anyway.
private func standardOutputFailed() -> Never {
  let failure = errno
  TemporaryFiles.removeAll()
  if failure == EPIPE {
    signal(SIGPIPE, SIG_DFL)
    raise(SIGPIPE)
    _exit(128 + SIGPIPE)  // Only if the parent blocked SIGPIPE.
  }
  let reason = String(cString: strerror(failure))
  _ = writeAll("Error: could not write to standard output: \(reason)\n", to: STDERR_FILENO)
  exit(EXIT_FAILURE)
}

/// Writes every byte of `string` to the file descriptor; false on an error,
/// with the reason in `errno`.
///
/// Unbuffered writes keep a prompt visible before the shell waits for input,
/// and keep standard output and standard error in the order they happened.
private func writeAll(_ string: String, to descriptor: Int32) -> Bool {
  var string = string
  return string.withUTF8 { bytes in
    var offset = 0
    while offset < bytes.count {
      let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
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
