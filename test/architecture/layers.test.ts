// The layers of src/ (SPEC §7, issue 11): a file imports only from its own
// layer and the layers below it, type imports and re-exports included, and no
// files import each other round a cycle. Imports are read with the TypeScript
// API, so a dynamic `import()` and an `export … from` count too.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const src = join(root, 'src');

/** Lowest first. A file belongs to the first layer one of whose prefixes it starts with. */
const layers: { name: string; prefixes: string[] }[] = [
  { name: 'syntax', prefixes: ['budgets.ts', 'syntax/'] },
  { name: 'lexer', prefixes: ['lexer/'] },
  { name: 'parser', prefixes: ['parser/'] },
  { name: 'approver/core', prefixes: ['approver/core/'] },
  { name: 'approver/programs', prefixes: ['approver/programs/'] },
  { name: 'approver/walk', prefixes: ['approver/walk/'] },
  { name: 'approver/rules', prefixes: ['approver/rules/'] },
  { name: 'approver', prefixes: ['approver/'] },
  { name: 'cli', prefixes: ['cli/'] },
  { name: 'entries', prefixes: [] },
];

/** The public entries sit above everything they export. */
const entries = new Set(['index.ts', 'parser/index.ts', 'hook.ts']);

/**
 * The approver's entry files; any other file directly in approver/ belongs in
 * one of its layers. types.ts and fs.ts re-export core's at the paths src/cli
 * and the library entry import; pathtext.ts does so for src/cli/config.ts
 * until the CLI's redesign (which no longer imports it) is merged.
 */
const approverEntries = new Set(['approver/approve.ts', 'approver/handback.ts', 'approver/types.ts', 'approver/fs.ts', 'approver/pathtext.ts']);


function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

function layerOf(file: string): number {
  if (entries.has(file)) return layers.length - 1;
  return layers.findIndex((layer) => layer.prefixes.some((prefix) => file === prefix || file.startsWith(prefix)));
}

/** Every module a file names in an import, an export … from, or a dynamic import(), as src-relative .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles
    .map((ref) => ref.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(src, resolve(dirname(join(src, file)), name)).replace(/\.js$/, '.ts'));
}

const files = sourceFiles(src).sort();
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('the layers of src/', () => {
  it('place every file in a layer', () => {
    const unplaced = files.filter((file) => layerOf(file) < 0);
    expect(unplaced).toEqual([]);
    const strayApprover = files.filter((file) => /^approver\/[^/]+\.ts$/.test(file) && !approverEntries.has(file));
    expect(strayApprover, 'a file directly in src/approver/ that is not its entry: put it in core/, programs/, walk/ or rules/').toEqual([]);
  });

  it('import only from their own layer and below', () => {
    const upward: string[] = [];
    for (const [file, imports] of graph) {
      const own = layerOf(file);
      for (const target of imports) {
        if (!graph.has(target)) {
          upward.push(`${file} imports ${target}, which is not a file of src/`);
          continue;
        }
        const theirs = layerOf(target);
        if (theirs > own) upward.push(`${file} (${layers[own]!.name}) imports ${target} (${layers[theirs]!.name})`);
      }
    }
    expect(upward, upward.join('\n')).toEqual([]);
  });

  it('import round no cycle', () => {
    // Tarjan's strongly connected components; a component of more than one file is a cycle
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    let counter = 0;
    const visit = (file: string): void => {
      index.set(file, counter);
      low.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
      for (const next of graph.get(file) ?? []) {
        if (!graph.has(next)) continue;
        if (!index.has(next)) {
          visit(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1) cycles.push(component.sort());
      }
    };
    for (const file of files) if (!index.has(file)) visit(file);
    expect(cycles.map((cycle) => cycle.join(' → ')), 'import cycles').toEqual([]);
  });
});
