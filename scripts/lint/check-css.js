// Checks the class view's stylesheets against the CSS specifications'
// grammar (css-tree's lexer, built from MDN's data): an unknown property or
// a value the property does not take is an error. A browser drops such a
// declaration without a word, so the page would look wrong with nothing
// in the console; ESLint does not read CSS. A value with var() is only
// known when the page runs, so for it the property's name is checked, and
// every custom property it uses must be defined in the files checked.
"use strict";
const fs = require("fs");
const csstree = require("css-tree");

let problems = 0;
const defined = new Set();
const used = [];
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
    if (node.type !== "Declaration") return;
    if (node.property.startsWith("--")) {
      defined.add(node.property);
      return;
    }
    let variables = [];
    csstree.walk(node.value, (part) => {
      if (part.type === "Function" && part.name === "var") {
        const name = part.children.first;
        if (name && name.type === "Identifier") variables.push(name.name);
      }
    });
    if (variables.length > 0) {
      if (!csstree.lexer.getProperty(node.property)) {
        report(node.loc, `Unknown property \`${node.property}\``);
      }
      for (const name of variables) used.push({ name, file, loc: node.loc, property: node.property });
      return;
    }
    const match = csstree.lexer.matchProperty(node.property, node.value);
    if (match.error) report(node.loc, `${node.property}: ${match.error.message}`);
  });
}
// A custom property that is set only from script (style.setProperty), or
// in the page's HTML (a machine's panes: --styles, --column, --row, from
// Pages.swift), is named here, so that a typo in any other is still caught.
const setByScript = new Set([
  "--drawn-width", "--shown", "--diagram-scale", "--code-share", "--least-width", "--natural-width",
  "--styles", "--column", "--row",
]);
for (const use of used) {
  if (!defined.has(use.name) && !setByScript.has(use.name)) {
    problems += 1;
    console.error(`${use.file}:${use.loc.start.line}: ${use.property} uses ${use.name}, which no rule defines`);
  }
}
if (problems > 0) {
  console.error(`check-css: ${problems} problem(s)`);
  process.exit(1);
}
