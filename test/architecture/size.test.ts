// Issue 11's "smaller": no function in src/ runs over 120 lines, and no line
// over 160 characters outside a data table written one entry a line. A table
// is a top-level `const` whose value is an array or object literal (help.ts's
// commands, redact.ts's patterns): its rows are data, one to a line, and breaking them
// would make them harder to read, not easier. Read with the TypeScript API.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');
const maxFunctionLines = 120;
const maxLineLength = 160;

/**
 * Functions allowed to run longer, each with the reason. scanWord is the
 * lexer's hottest loop: split into a step per character class it measured
 * slower on long lines, and a plain word skips it (plainWord).
 */
const longFunctionsAllowed = new Map([['src/lexer/words.ts scanWord', 'the lexer\'s hot loop, one switch (see its doc comment)']]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The lines (0-based, inclusive) of every top-level table: an array or object literal. */
function tableLines(file: ts.SourceFile): [number, number][] {
  const ranges: [number, number][] = [];
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      let value = declaration.initializer;
      while (value && (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value))) value = value.expression;
      if (!value || !(ts.isArrayLiteralExpression(value) || ts.isObjectLiteralExpression(value))) continue;
      ranges.push([file.getLineAndCharacterOfPosition(value.getStart()).line, file.getLineAndCharacterOfPosition(value.end).line]);
    }
  }
  return ranges;
}

interface Finding {
  where: string;
  what: string;
}

function findings(name: string, text: string): Finding[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const out: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = file.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = file.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      const label = 'name' in node && node.name ? node.name.getText(file) : '(anonymous)';
      if (lines > maxFunctionLines && !longFunctionsAllowed.has(`${name} ${label}`)) out.push({ where: `${name}:${first + 1}`, what: `function ${label} is ${lines} lines` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const tables = tableLines(file);
  text.split('\n').forEach((line, i) => {
    if (line.length <= maxLineLength || tables.some(([from, to]) => i >= from && i <= to)) return;
    out.push({ where: `${name}:${i + 1}`, what: `line of ${line.length} characters` });
  });
  return out;
}

describe('the size of what a newcomer reads', () => {
  it(`has no function over ${maxFunctionLines} lines and no line over ${maxLineLength} characters outside data tables`, () => {
    const found = sourceFiles(src).flatMap((path) => findings(relative(root, path), readFileSync(path, 'utf8')));
    expect(found.map((f) => `${f.where}: ${f.what}`)).toEqual([]);
  });

  it('notices a long function and a long line (the check can fail)', () => {
    const body = Array.from({ length: maxFunctionLines + 1 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const probe = `function long(): void {\n${body}\n}\nconst x = '${'y'.repeat(maxLineLength)}';\nconst table = [\n  '${'z'.repeat(maxLineLength)}',\n];\n`;
    expect(findings('probe.ts', probe).map((f) => f.what)).toEqual([
      `function long is ${maxFunctionLines + 3} lines`,
      `line of ${maxLineLength + 13} characters`,
    ]);
  });
});
