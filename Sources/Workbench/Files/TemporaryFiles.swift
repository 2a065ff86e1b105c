import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files that exist right now, kept where a signal handler can
/// remove them, so that SIGINT or SIGTERM never leaves `.NAME.partial-*`
/// files behind.
///
/// A plain C signal handler rather than a `DispatchSource`: a dispatch source
/// runs its handler on another thread while the main thread may be creating
/// the next temporary file, which would need a lock the two share; the C
/// handler runs on the thread it interrupts (`fsm` has only one), so it sees
/// the table as it is and only has to call `unlink`, `signal` and `raise`,
/// all async-signal-safe.
enum TemporaryFiles {
  /// How many temporary files can be registered at once; the tour writes
  /// ten. Beyond it a file is still written, only not removed after a signal.
  private static let capacity = 1024

  /// The registered paths as C strings, allocated before they are
  /// published, so that the handler reads them without allocating; a free
  /// slot is `nil`.
  private nonisolated(unsafe) static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> =
    {
      let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
      slots.initialize(repeating: nil, count: capacity)
      return slots
    }()

  /// Keeps the in-process tests, which write files from many threads at
  /// once, from taking the same slot; the signal handler never takes it.
  private static let lock = NSLock()

  /// Registers `path` before the file is created, and returns its slot, or
  /// `nil` when the table is full.
  static func register(_ path: String) -> Int? {
    guard let copy = strdup(path) else { return nil }
    lock.lock()
    defer { lock.unlock() }
    guard let slot = (0..<capacity).first(where: { slots[$0] == nil }) else {
      free(copy)
      return nil
    }
    slots[slot] = copy
    return slot
  }

  /// Forgets the path in `slot`, once its file is renamed or removed.
  static func unregister(_ slot: Int?) {
    guard let slot else { return }
    lock.lock()
    defer { lock.unlock() }
    let copy = slots[slot]
    slots[slot] = nil  // Before `free`: the handler must never read a freed string.
    free(copy)
  }

  /// Removes every registered file; safe in a signal handler.
  static func removeAll() {
    for slot in 0..<capacity {
      if let path = slots[slot] { unlink(path) }
    }
  }

  /// Makes SIGINT and SIGTERM remove the temporary files before they end
  /// the process, and SIGPIPE a write error that `Console` handles.
  static func installSignalHandlers() {
    _ = slots  // Initialized here, never for the first time in the handler.
    // Ignored, so that a reader going away shows as EPIPE: quiet on standard
    // output (see `Console`), a write error on a FIFO named by --output.
    signal(SIGPIPE, SIG_IGN)
    for caught in [SIGINT, SIGTERM] {
      signal(caught) { signalNumber in
        TemporaryFiles.removeAll()
        // Ends by the same signal, with its default action, so that the
        // parent sees what happened (a shell reports 128 + the signal).
        signal(signalNumber, SIG_DFL)
        raise(signalNumber)
      }
    }
    // A parent may start fsm with them blocked (a process spawned from a
    // dispatch worker thread inherits its mask), and then neither Ctrl-C nor
    // `kill` would reach it.
    var signals = sigset_t()
    sigemptyset(&signals)
    for unblocked in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&signals, unblocked) }
    sigprocmask(SIG_UNBLOCK, &signals, nil)
  }
}
