extension ChangeCost {
  /// The lines one list of lines adds and removes to become another, found
  /// with the standard library's `CollectionDifference`, and the places
  /// where they differ.
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
    /// line of both lists appears once, and where a place both removes and
    /// adds lines, its removals come first.
    public let edits: [Edit]

    /// Diffs `old` against `new`.
    ///
    /// Of the shortest edit scripts, it keeps one with few places: like
    /// `git diff`, it slides a run of added (or removed) lines over equal
    /// lines up to the place before it if it can get there, or else as far
    /// down as it goes, joining the place after it if it gets there. So a
    /// closing brace that happens to match another one does not split one
    /// change into two places.
    public init(from old: [String], to new: [String]) {
      var removed: Set<Int> = []
      var inserted: Set<Int> = []
      for change in new.difference(from: old) {
        switch change {
        case .remove(let offset, _, _): removed.insert(offset)
        case .insert(let offset, _, _): inserted.insert(offset)
        }
      }
      edits = Self.joiningPlaces(removed: removed, inserted: inserted, old: old, new: new)
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
      edits.indices.split(whereSeparator: { edits[$0].isKeep }).map { $0.startIndex..<$0.endIndex }
    }

    /// The edit script that removes `removed` (positions in the old list)
    /// and inserts `inserted` (positions in the new list): the other lines
    /// are kept, paired in order.
    private static func edits(
      removed: Set<Int>, inserted: Set<Int>, old: Int, new: Int
    ) -> [Edit] {
      var (x, y) = (0, 0)
      var edits: [Edit] = []
      while x < old || y < new {
        if removed.contains(x) {
          edits.append(.delete(old: x))
          x += 1
        } else if inserted.contains(y) {
          edits.append(.insert(new: y))
          y += 1
        } else {
          edits.append(.keep(old: x, new: y))
          (x, y) = (x + 1, y + 1)
        }
      }
      return edits
    }

    /// The edit script, after sliding each place of only additions or only
    /// removals over equal lines as `init(from:to:)` says. The lines added
    /// and removed stay as many; only places join and runs move down.
    ///
    /// `CollectionDifference` finds a shortest script, but not the one with
    /// the fewest places, and places are what the change cost counts; nor
    /// does it say where a run that could stand in several places goes. So
    /// this clean-up, which `git diff` makes too, stays here.
    private static func joiningPlaces(
      removed: Set<Int>, inserted: Set<Int>, old: [String], new: [String]
    ) -> [Edit] {
      var (removed, inserted) = (removed, inserted)
      while true {
        let edits = edits(removed: removed, inserted: inserted, old: old.count, new: new.count)
        let slides = places(in: edits).lazy.compactMap { slide($0, in: edits, old: old, new: new) }
        guard let slide = slides.first else { return edits }
        if slide.removing {
          removed.subtract(slide.from)
          removed.formUnion(slide.to)
        } else {
          inserted.subtract(slide.from)
          inserted.formUnion(slide.to)
        }
      }
    }

    /// Where the lines of `place` slide in their list: up to meet the place
    /// before it, or else as far down as equal lines let them; `nil` if the
    /// place both removes and adds lines, or stays where it is.
    private static func slide(
      _ place: Range<Int>, in edits: [Edit], old: [String], new: [String]
    ) -> (removing: Bool, from: Range<Int>, to: Range<Int>)? {
      // A place removes lines, then adds lines: its ends tell its kind.
      let (removing, lines, run): (Bool, [String], Range<Int>)
      switch (edits[place.lowerBound], edits[place.upperBound - 1]) {
      case (.delete(let first), .delete(let last)):
        (removing, lines, run) = (true, old, first..<last + 1)
      case (.insert(let first), .insert(let last)):
        (removing, lines, run) = (false, new, first..<last + 1)
      default: return nil
      }
      // Sliding over `k` kept lines needs them to equal the run's first (or
      // last) `k` lines, whose places they then take.
      let before = edits[..<place.lowerBound].reversed().prefix(while: \.isKeep).count
      if before < place.lowerBound,
        lines[(run.lowerBound - before)..<run.lowerBound]
          .elementsEqual(lines[(run.upperBound - before)..<run.upperBound])
      {
        return (removing, run, (run.lowerBound - before)..<(run.upperBound - before))
      }
      let after = edits[place.upperBound...].prefix(while: \.isKeep).count
      let down = (0..<after).prefix { lines[run.lowerBound + $0] == lines[run.upperBound + $0] }
        .count
      return down > 0 ? (removing, run, (run.lowerBound + down)..<(run.upperBound + down)) : nil
    }
  }
}

extension ChangeCost.LineDiff.Edit {
  /// Whether the edit keeps a line.
  fileprivate var isKeep: Bool {
    if case .keep = self { true } else { false }
  }
}
