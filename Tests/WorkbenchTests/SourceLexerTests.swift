import Testing

@testable import Workbench

@Suite("The source lexer")
struct SourceLexerTests {
  @Test("every line break ends a line, a continued line in a string too")
  func lineBreaks() {
    let source = "let a = 1\r\nlet b = \"\"\"\n  one \\\n  two\n  \"\"\"\n"
    let lines = SourceLexer(source).lines
    #expect(
      lines.map(\.text) == ["let a = 1", "let b = \"\"\"", "  one \\", "  two", "  \"\"\"", ""])
    #expect(lines.map(\.isCommentOnly) == [false, false, false, false, false, false])
  }

  @Test("a line is a comment only when it has text but no code")
  func commentOnly() {
    let source = """
      // a comment
      /* a block
         /* nested */ still the block */
      let a = 1  // code with a comment
      let b = "// in a string"

      """
    let lines = SourceLexer(source).lines
    #expect(lines.map(\.isCommentOnly) == [true, true, true, false, false, false])
    #expect(lines[3].code == "let a = 1  ")
    #expect(lines[4].code == "let b = \"\"")
  }
}
