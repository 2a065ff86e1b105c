import Foundation

/// A new, empty folder for one test, removed when the test lets go of it.
final class TemporaryFolder {
  /// The folder's path.
  let path: String

  /// Creates the folder under the system's temporary folder.
  init() throws {
    let name = "fsm-tests-\(UUID().uuidString)"
    path = FileManager.default.temporaryDirectory.appendingPathComponent(name).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `path/name`.
  func file(_ name: String) -> String { path + "/" + name }

  /// The names in the folder, hidden ones included, sorted.
  var listing: [String] { Self.listing(of: path) }

  /// The names in the folder at `path`, hidden ones included, sorted; none
  /// if it does not exist.
  static func listing(of path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }

  /// The bytes of the file `name` in the folder, or none if it is missing.
  func bytes(of name: String) -> [UInt8]? {
    FileManager.default.contents(atPath: file(name)).map { Array($0) }
  }
}

/// A folder this process cannot create files in: a temporary folder made
/// read-only, or, when the tests run as root (whom permissions do not stop),
/// Linux's `/sys`, which refuses new files even to root.
struct UnwritableFolder {
  /// The folder's path.
  let path: String

  /// The read-only temporary folder, kept until the test is done with it.
  private let owner: TemporaryFolder?

  /// Finds or makes the folder.
  init() throws {
    guard geteuid() != 0 else {
      path = "/sys"
      owner = nil
      return
    }
    let folder = try TemporaryFolder()
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
    path = folder.path
    owner = folder
  }

  /// The names in the folder, hidden ones included, sorted.
  var listing: [String] { TemporaryFolder.listing(of: path) }
}
