/// Runs through a table that `fsm new` writes examples from: the shortest
/// way from the initial state to each state, and an episode that ends where
/// it began.
///
/// A walk takes a guarded row as if its guard held for the event's sample
/// argument (docs/new-machine.md says so), and a row taken is the first of
/// the rows for its state and event that leads on, in the order written.
struct Walks {
  /// The table walked.
  let table: MachineTable

  /// A walker of `table`.
  init(_ table: MachineTable) {
    self.table = table
  }

  /// The rows of the shortest way from the initial state to every state it
  /// reaches, by state.
  var ways: [String: [MachineTable.Row]] {
    var ways: [String: [MachineTable.Row]] = [table.initial: []]
    var frontier = [table.initial]
    while !frontier.isEmpty {
      var next: [String] = []
      for state in frontier {
        for row in table.rows where row.source == state && ways[row.target] == nil {
          ways[row.target] = (ways[state] ?? []) + [row]
          next.append(row.target)
        }
      }
      frontier = next
    }
    return ways
  }

  /// The rows a worked example of `row` takes: the way to its source, then
  /// the row; `nil` when its source cannot be reached.
  func example(for row: MachineTable.Row) -> [MachineTable.Row] {
    (ways[row.source] ?? []) + [row]
  }

  /// Whether `row`'s source is reached from the initial state.
  func reaches(_ row: MachineTable.Row) -> Bool { ways[row.source] != nil }

  /// The shortest run from the initial state back to it, if there is one.
  var episode: [MachineTable.Row]? {
    let ways = self.ways
    var best: [MachineTable.Row]?
    for row in table.rows where row.target == table.initial {
      guard let way = ways[row.source] else { continue }
      let run = way + [row]
      if best.map({ run.count < $0.count }) ?? true { best = run }
    }
    return best
  }
}
