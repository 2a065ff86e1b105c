extension [String] {
  /// `a, b, c or d`, for a message that names the valid choices.
  var joinedAsChoices: String { joinedAsList(conjunction: "or") }

  /// `a, b, c and d`, or with another conjunction before the last.
  func joinedAsList(conjunction: String) -> String {
    guard let last, count > 1 else { return first ?? "" }
    return dropLast().joined(separator: ", ") + " \(conjunction) " + last
  }
}
