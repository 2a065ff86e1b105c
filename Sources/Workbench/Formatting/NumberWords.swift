/// Small counts in words, as prose writes them: a page's heading says "the
/// five styles and three variants" from the machine's lists, never from a
/// number typed into it.
enum NumberWords {
  /// The words up to twelve; past them, prose writes digits.
  private static let words = [
    "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve",
  ]

  /// `count` in words up to twelve (`no` for none), else in digits.
  static func text(_ count: Int) -> String {
    words.indices.contains(count) ? words[count] : String(count)
  }
}
