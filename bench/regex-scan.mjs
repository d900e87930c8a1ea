#!/usr/bin/env node
// Every regular expression literal in src/, run over adversarial texts (a run of one character or
// pair, 6,000 long, after a prefix and before a closer), for issue 6: a pattern that is tried again
// at each character of a run (`/\/+$/`, a multiline `^\s*`, `(.*?)\s*$`) is quadratic, and on a
// 1 MiB word or file that is minutes. Prints one JSON object: how many patterns, the slowest, and
// those over the threshold (each was quadratic when it was found: fix them, do not raise it).
//
//   node bench/regex-scan.mjs

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const length = 6000;
const thresholdMs = 20;
const units = [' ', 'a', '1', '/', '\n', '$', '(', ')', '{', '}', '[', ']', '-', '.', '=', ':', ';', '\\', '"', "'", '*', ',', '+', 'a ', 'a=', '- ', '-a ', '$(', '${', 'x/', ':a', '[:', '\t', 'e ', '= ', ' =', 'aa ', '\n ', ' \n', '-- ', 'a.', '.a', '%', '#', '~', '!', '?\n'];
const prefixes = ['', 'a', 'set ', 'shopt ', 'path', 'x=', '-', '$', 'gitdir:', 's/', '/', 'export ', '#!'];
const closers = ['', '!', 'x', '='];

function sources(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (p.endsWith('.ts')) out.push(p);
  }
  return out;
}

const literals = [];
for (const file of sources(join(root, 'src'))) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) literals.push({ where: `${relative(root, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`, text: node.text });
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

const timed = [];
for (const { where, text } of literals) {
  const slash = text.lastIndexOf('/');
  const flags = text.slice(slash + 1).replace('y', '');
  let re;
  try { re = new RegExp(text.slice(1, slash), flags.includes('g') ? flags : `${flags}g`); } catch { continue; }
  let worst = { ms: 0, input: '' };
  for (const prefix of prefixes) {
    for (const unit of units) {
      for (const closer of closers) {
        const input = prefix + unit.repeat(Math.ceil(length / unit.length)) + closer;
        const t0 = performance.now();
        for (const _ of input.matchAll(re)) { /* every match, as the code does */ }
        const ms = performance.now() - t0;
        if (ms > worst.ms) worst = { ms, input: `${prefix}${unit}…${closer}` };
      }
    }
  }
  timed.push({ where, pattern: text, ms: worst.ms, input: worst.input });
}
timed.sort((a, b) => b.ms - a.ms);
process.stdout.write(`${JSON.stringify({ patterns: timed.length, length, thresholdMs, slowest: timed.slice(0, 5), over: timed.filter((t) => t.ms > thresholdMs) })}\n`);
