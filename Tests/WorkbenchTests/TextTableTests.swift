import Testing

@testable import Workbench

@Suite("One renderer for every table")
struct TextTableTests {
  let header = ["machine", "enum", "table"]
  let rows = [["turnstile", "2.50 ns", "1"], ["security-system", "-", "12"]]

  @Test("plain: two spaces apart, numbers to the right, no trailing spaces")
  func plain() {
    let table = TextTable(header: header, rows: rows)
    #expect(
      table.render() == """
        machine             enum  table
        ---------------  -------  -----
        turnstile        2.50 ns      1
        security-system        -     12
        """)
  }

  @Test("markdown: every cell to the left, between bars, as lesson 6 prints it")
  func markdown() {
    let table = TextTable(header: header, rows: rows, layout: .markdown)
    #expect(
      table.render() == """
        | machine         | enum    | table |
        |-----------------|---------|-------|
        | turnstile       | 2.50 ns | 1     |
        | security-system | -       | 12    |
        """)
  }

  @Test("too wide: the columns that do not fit make tables stacked under, the first column again")
  func stacked() {
    let header = ["change", "one", "two", "three", "four"]
    let rows = [
      ["1→2 first", "+1 −0", "+22 −1", "+3 −3", "+4 −4"], ["2→3", "", "+5 −0", "", "+6 −6"],
    ]
    var table = TextTable(header: header, rows: rows, layout: .markdown)
    let whole = table.render()
    #expect(whole.split(separator: "\n").map(\.count) == [46, 46, 46, 46])
    table.maximumWidth = 46
    #expect(table.render() == whole, "a table that fits is left whole")
    table.maximumWidth = 42
    #expect(
      table.render() == """
        | change    | one   | two    | three |
        |-----------|-------|--------|-------|
        | 1→2 first | +1 −0 | +22 −1 | +3 −3 |
        | 2→3       |       | +5 −0  |       |

        | change    | four  |
        |-----------|-------|
        | 1→2 first | +4 −4 |
        | 2→3       | +6 −6 |
        """)
    table.maximumWidth = 10
    #expect(
      table.render().split(separator: "\n").filter { $0.hasPrefix("| change") }.count == 4,
      "a column too wide beside the first still gets a block, alone with it")
  }

  @Test("plain tables stack too, measured without trailing spaces")
  func stackedPlain() {
    var table = TextTable(header: header, rows: rows, maximumWidth: 26)
    #expect(
      table.render() == """
        machine             enum
        ---------------  -------
        turnstile        2.50 ns
        security-system        -

        machine          table
        ---------------  -----
        turnstile            1
        security-system     12
        """)
    table.maximumWidth = 33
    #expect(table.render() == TextTable(header: header, rows: rows).render())
  }
}
