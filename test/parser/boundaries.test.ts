// What the parser may know of the lexer, and what neither may ask of a
// dialect (issue 11, P1.5 and P2.1): the parser reads tokens and asks the
// lexer for facts and text; it never reads the source's characters itself,
// moves the lexer's position or touches its queue of here-documents. Neither
// branches on a dialect's name: they ask the dialect's rows.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = new URL('../../src/', import.meta.url).pathname;

function files(folder: string): { name: string; text: string }[] {
  return readdirSync(join(src, folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name: `${folder}/${name}`, text: readFileSync(join(src, folder, name), 'utf8') }));
}

/** Lines of `text` that match `pattern`, as `file:line: text`. */
function matches(file: { name: string; text: string }, pattern: RegExp): string[] {
  return file.text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file.name}:${i + 1}: ${line.trim()}`] : []));
}

describe('the parser and the lexer', () => {
  it('the parser reads no character of the source, no lexer position and no here-document queue', () => {
    // word-parts.ts splits the text of a word's literal parts: the tree's text, not the source's
    const found = files('parser')
      .filter((file) => file.name !== 'parser/word-parts.ts')
      .flatMap((file) => matches(file, /charCodeAt|\.src\b|\.pos\b|pendingHeredocs/));
    expect(found).toEqual([]);
  });

  it('the parser compares no raw character codes', () => {
    const found = files('parser').flatMap((file) => matches(file, /[=!]==\s*\d{2,3}\b|\d{2,3}\s*\/\*/));
    expect(found).toEqual([]);
  });

  it('neither branches on the name of a dialect', () => {
    const found = [...files('lexer'), ...files('parser')].flatMap((file) => matches(file, /\.name\s*[!=]==|zshGrammar/));
    expect(found).toEqual([]);
  });
});
