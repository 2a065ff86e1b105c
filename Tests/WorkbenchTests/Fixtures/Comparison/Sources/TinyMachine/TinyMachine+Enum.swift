/// A fixture for the static cost counts: 10 lines of code, 2 types,
/// 1 switch. (This file is excluded from the build.)
enum TinyMachine {
  /* A block comment that mentions a struct and a switch,
     /* nested */ still a comment */
  struct Light { var on = false }

  static let note = "a switch in a string is not a switch"

  static func flip(_ light: inout Light) {
    switch light.on {  // a switch with a comment after it
    case true: light.on = false
    case false: light.on = true
    }
  }
}
