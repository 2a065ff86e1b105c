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
}
