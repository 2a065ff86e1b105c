import Foundation

/// The class view's stylesheet and script, served by the server itself so
/// that the page works offline, with no CDN.
///
/// They are files of their own (`Serve/Assets/`), read from the checkout
/// like the lessons and sources the class view shows: editors, ESLint and
/// the browser's tools see them as JavaScript and CSS, and a teacher's edit
/// shows on the next reload without a rebuild.
enum Assets {
  /// An asset: its type and bytes.
  struct Asset {
    /// The `Content-Type`.
    var type: String
    /// The file's bytes.
    var bytes: [UInt8]
  }

  /// The folder of the assets, relative to the checkout's root.
  static let folder = "Sources/Workbench/Serve/Assets"

  /// The `Content-Type` of each asset the class view serves, by file name.
  static let types = [
    "class-view.css": "text/css; charset=utf-8",
    "class-view.js": "text/javascript; charset=utf-8",
    "favicon.svg": "image/svg+xml",
    "reading.js": "text/javascript; charset=utf-8",
    "theme.js": "text/javascript; charset=utf-8",
  ]

  /// The asset named `name` in the checkout at `root`, if it is one the
  /// class view serves and the file is there.
  static func named(_ name: String, root: String) -> Asset? {
    guard let type = types[name],
      let data = FileManager.default.contents(atPath: OutputPath.join(root, folder + "/" + name))
    else { return nil }
    return Asset(type: type, bytes: Array(data))
  }
}
