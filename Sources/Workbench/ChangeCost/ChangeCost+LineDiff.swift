extension ChangeCost {
  /// The shortest edit script between two lists of lines, found with Myers's
  /// O(ND) algorithm, and the places where they differ.
  ///
  /// Lines are compared as whole strings: the caller decides what a line is
  /// (the change cost trims indentation and drops blank, comment and import
  /// lines before diffing).
  public struct LineDiff: Hashable, Sendable {
    /// One step of the edit script.
    public enum Edit: Hashable, Sendable {
      /// A line in both lists: `old` and `new` are its positions (from 0).
      case keep(old: Int, new: Int)
      /// A line of the old list that the new one does not have.
      case delete(old: Int)
      /// A line of the new list that the old one does not have.
      case insert(new: Int)
    }

    /// The edits that turn the old list into the new one, in order: every
    /// line of both lists appears once.
    public let edits: [Edit]

    /// Diffs `old` against `new`.
    ///
    /// Of the shortest edit scripts, it keeps the one with the fewest places
    /// that Myers's algorithm and one clean-up find: like `git diff`, a run of
    /// added (or removed) lines that can slide over equal lines until it meets
    /// the next place is slid there, so a closing brace that happens to match
    /// another one does not split one change into two places.
    public init(from old: [String], to new: [String]) {
      edits = Self.joiningPlaces(in: Self.shortestEdits(from: old, to: new), old: old, new: new)
    }

    /// Lines only in the new list.
    public var added: Int {
      edits.count(where: { if case .insert = $0 { true } else { false } })
    }

    /// Lines only in the old list.
    public var removed: Int {
      edits.count(where: { if case .delete = $0 { true } else { false } })
    }

    /// The places where the lists differ: each is a run of edits with no
    /// kept line between them, as the positions of those edits in `edits`.
    public var places: [Range<Int>] { Self.places(in: edits) }

    /// The places of an edit script.
    private static func places(in edits: [Edit]) -> [Range<Int>] {
      var places: [Range<Int>] = []
      var start: Int?
      for (position, edit) in edits.enumerated() {
        if case .keep = edit {
          if let first = start { places.append(first..<position) }
          start = nil
        } else if start == nil {
          start = position
        }
      }
      if let first = start { places.append(first..<edits.count) }
      return places
    }

    /// Myers's greedy algorithm: for each number of edits `d`, the furthest
    /// reach on each diagonal `k = x - y`, then a walk back through the saved
    /// reaches. Where a place both deletes and inserts, its deletions come
    /// first.
    private static func shortestEdits(from old: [String], to new: [String]) -> [Edit] {
      let (n, m) = (old.count, new.count)
      let most = n + m
      guard most > 0 else { return [] }
      // reach[offset + k]: the furthest x reached on diagonal k.
      let offset = most + 1
      var reach = [Int](repeating: 0, count: 2 * most + 3)
      var history: [[Int]] = []
      search: for d in 0...most {
        history.append(reach)
        for k in stride(from: -d, through: d, by: 2) {
          var x =
            k == -d || (k != d && reach[offset + k - 1] < reach[offset + k + 1])
            ? reach[offset + k + 1] : reach[offset + k - 1] + 1
          var y = x - k
          while x < n, y < m, old[x] == new[y] {
            x += 1
            y += 1
          }
          reach[offset + k] = x
          if x >= n, y >= m { break search }
        }
      }

      var edits: [Edit] = []
      var (x, y) = (n, m)
      for (d, reach) in history.enumerated().reversed() {
        let k = x - y
        let previousK =
          k == -d || (k != d && reach[offset + k - 1] < reach[offset + k + 1]) ? k + 1 : k - 1
        let previousX = reach[offset + previousK]
        let previousY = previousX - previousK
        while x > previousX, y > previousY {
          x -= 1
          y -= 1
          edits.append(.keep(old: x, new: y))
        }
        if d > 0 {
          if x == previousX {
            edits.append(.insert(new: previousY))
          } else {
            edits.append(.delete(old: previousX))
          }
        }
        (x, y) = (previousX, previousY)
      }
      return edits.reversed()
    }

    /// Slides every run of only insertions or only deletions up or down over
    /// equal lines, where that makes it meet the place before or after it.
    /// The lines added and removed stay the same; only the places join.
    private static func joiningPlaces(
      in edits: [Edit], old: [String], new: [String]
    ) -> [Edit] {
      var edits = edits
      var joined = true
      while joined {
        joined = false
        for place in places(in: edits) {
          if let slid = slide(place, in: edits, old: old, new: new, up: true)
            ?? slide(place, in: edits, old: old, new: new, up: false)
          {
            edits = slid
            joined = true
            break
          }
        }
      }
      return edits
    }

    /// `edits` with the run at `place` slid up (or down) until it meets the
    /// neighbouring place, or `nil` if it is not a run of one kind of edit or
    /// cannot get there over equal lines.
    private static func slide(
      _ place: Range<Int>, in edits: [Edit], old: [String], new: [String], up: Bool
    ) -> [Edit]? {
      var edits = edits
      var place = place
      // The line an insertion or a deletion stands for.
      func line(_ edit: Edit) -> String? {
        switch edit {
        case .insert(let position): new[position]
        case .delete(let position): old[position]
        case .keep: nil
        }
      }
      let inserting = edits[place].allSatisfy { if case .insert = $0 { true } else { false } }
      let deleting = edits[place].allSatisfy { if case .delete = $0 { true } else { false } }
      guard inserting || deleting else { return nil }
      while true {
        let neighbour = up ? place.lowerBound - 1 : place.upperBound
        guard edits.indices.contains(neighbour),
          case .keep(let keptOld, let keptNew) = edits[neighbour]
        else { return nil }
        // The kept line takes the place of the run's far end, which must equal it.
        let farEnd = up ? place.upperBound - 1 : place.lowerBound
        guard let farLine = line(edits[farEnd]),
          farLine == (inserting ? new[keptNew] : old[keptOld])
        else { return nil }
        let shifted: [Edit] = edits[place].map { edit in
          switch edit {
          case .insert(let position): .insert(new: position + (up ? -1 : 1))
          case .delete(let position): .delete(old: position + (up ? -1 : 1))
          case .keep: edit
          }
        }
        let movedKeep: Edit =
          inserting
          ? .keep(old: keptOld, new: keptNew + (up ? place.count : -place.count))
          : .keep(old: keptOld + (up ? place.count : -place.count), new: keptNew)
        if up {
          edits.replaceSubrange(neighbour..<place.upperBound, with: shifted + [movedKeep])
          place = (place.lowerBound - 1)..<(place.upperBound - 1)
        } else {
          edits.replaceSubrange(place.lowerBound...neighbour, with: [movedKeep] + shifted)
          place = (place.lowerBound + 1)..<(place.upperBound + 1)
        }
        let next = up ? place.lowerBound - 1 : place.upperBound
        if edits.indices.contains(next), !isKeep(edits[next]) { return edits }
        if !edits.indices.contains(next) { return nil }
      }
    }

    /// Whether `edit` keeps a line.
    private static func isKeep(_ edit: Edit) -> Bool {
      if case .keep = edit { true } else { false }
    }
  }
}
