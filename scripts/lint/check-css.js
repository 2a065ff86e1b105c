// Checks the class view's stylesheets against the CSS specifications'
// grammar (css-tree's lexer, built from MDN's data): an unknown property or
// a value the property does not take is an error. A browser drops such a
// declaration without a word, so the page would look wrong with nothing
// in the console; ESLint does not read CSS.
"use strict";
const fs = require("fs");
const csstree = require("css-tree");

let problems = 0;
for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, "utf8");
  const report = (loc, what) => {
    problems += 1;
    console.error(`${file}:${loc ? loc.start.line : "?"}: ${what}`);
  };
  const ast = csstree.parse(text, {
    positions: true,
    onParseError: (error) => report({ start: { line: error.line } }, error.formattedMessage || error.message),
  });
  csstree.walk(ast, (node) => {
    if (node.type !== "Declaration" || node.property.startsWith("--")) return;
    const match = csstree.lexer.matchProperty(node.property, node.value);
    if (match.error) report(node.loc, `${node.property}: ${match.error.message}`);
  });
}
if (problems > 0) {
  console.error(`check-css: ${problems} problem(s)`);
  process.exit(1);
}
