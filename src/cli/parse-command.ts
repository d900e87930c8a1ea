// `treeward parse [--shell bash|sh|zsh] [--json] [--] COMMAND`

import type { DialectName } from '../syntax/dialect.js';
import { ParseError } from '../syntax/errors.js';
import type { Node } from '../syntax/ast.js';
import { parse } from '../parser/parser.js';
import { caretLine } from './caret.js';

export interface ParseCommandResult {
  exitCode: number;
  stdout: string;
}

export function runParse(command: string, dialect: DialectName, json: boolean): ParseCommandResult {
  try {
    const tree = parse(command, { dialect });
    if (json) return { exitCode: 0, stdout: JSON.stringify(tree) + '\n' };
    return { exitCode: 0, stdout: describeTree(tree, command) };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    if (json) {
      return { exitCode: 1, stdout: JSON.stringify({ error: { message: error.message, span: error.span } }) + '\n' };
    }
    return { exitCode: 1, stdout: `parse error (${dialect}): ${error.message}\n${caretLine(command, error.span)}` };
  }
}

/** An indented outline of the tree for a person: one node a line, with its source text. */
function describeTree(root: Node, src: string): string {
  const lines: string[] = [];
  const visit = (value: unknown, depth: number, label: string) => {
    if (value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth, label);
      return;
    }
    const node = value as Record<string, unknown> & { type?: string; span?: [number, number] };
    if (typeof node.type === 'string' && Array.isArray(node.span)) {
      const text = src.slice(node.span[0], node.span[1]);
      const shown = text.length > 60 ? text.slice(0, 57) + '...' : text;
      const extra = node.type === 'Word' ? ` unquoted=${String(node.unquoted)}` : node.type === 'Redirect' ? ` ${String(node.operator)}` : '';
      lines.push(`${'  '.repeat(depth)}${label ? label + ': ' : ''}${node.type} [${node.span[0]},${node.span[1]}]${extra} ${JSON.stringify(shown)}`);
      for (const [key, child] of Object.entries(node)) {
        if (key === 'span' || key === 'type' || key === 'nameSpan') continue;
        visit(child, depth + 1, key);
      }
      return;
    }
    for (const [key, child] of Object.entries(node)) visit(child, depth, key);
  };
  visit(root, 0, '');
  return lines.join('\n') + '\n';
}
