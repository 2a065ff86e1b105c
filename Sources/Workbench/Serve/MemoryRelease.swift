import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Gives memory that dropped sessions and closed connections freed back
/// to the system.
///
/// glibc's allocator keeps freed memory for the process and hands it out
/// again, but returns little of it to the system by itself: after a class
/// of sessions is dropped, the server would go on holding their peak.
/// `malloc_trim` returns the free pages at the top of each heap and inside
/// it. Called after sessions are dropped and after connections close (at
/// most every few seconds), outside any lock.
enum MemoryRelease {
  /// glibc's `malloc_trim`, looked up at run time: Swift's Glibc module
  /// does not include `<malloc.h>`, and another C library has none.
  private static let trim: (@convention(c) (Int) -> Int32)? = {
    #if canImport(Glibc)
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return nil
      }
      return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    #else
      return nil
    #endif
  }()

  /// Returns the process's free heap pages to the system, where the C
  /// library can.
  static func returnFreedMemory() {
    _ = trim?(0)
  }

  /// Returns them on a thread of the system's, not the caller's: trimming
  /// a heap of hundreds of megabytes takes a while, which an event loop
  /// that answers connections must not spend.
  static func returnFreedMemoryElsewhere() {
    DispatchQueue.global(qos: .utility).async { returnFreedMemory() }
  }
}
