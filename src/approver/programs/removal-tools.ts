// Removal tools however they are launched: rimraf, del, trash (recursive
// removals of their operands), and gio's trash, remove, copy, move and save.

import type { Action, ProgramRow } from '../core/actions.js';
import { derivedArgument } from '../core/arguments.js';
import { has, optionLines, readOptions } from '../core/options.js';
import { joinPath } from '../core/path-text.js';

const removalToolOptions = optionLines([
  '-f --force',
  '-g --glob',
  '-G --no-glob',
  '-r --recursive',
  '-R',
  '-v --verbose',
  '-i --interactive',
  '   --dry-run',
  '   --preserve-root[=ALL]',
  '   --trash-dir',
]);
const gioTrashOptions = optionLines([
  '-f --force',
  '   --empty',
]);

export const rows: ProgramRow[] = [
  {
    names: ['rimraf', 'del', 'del-cli', 'trash', 'trash-put', 'trash-cli'],
    options: removalToolOptions,
    bsdReading: true,
    read: ({ line, name }) => (has(line, 'dry-run') ? [] : line.operands.map((arg) => ({ kind: 'remove', arg, recursive: true, by: name }))),
  },
  {
    names: ['gio'],
    read: ({ args, ctx }) => {
      const sub = args[1]?.text;
      if (sub === 'trash' || sub === 'remove' || sub === 'rm') {
        const line = readOptions(args.slice(2), gioTrashOptions);
        if (has(line, 'empty')) {
          const trash = derivedArgument(args[0]!, joinPath(ctx.home, '.local/share/Trash'));
          return [{ kind: 'remove', arg: trash, recursive: true, by: 'gio trash --empty' }];
        }
        return line.operands.map((arg) => ({ kind: 'remove', arg, recursive: true, by: `gio ${sub}` }));
      }
      if (sub === 'copy' || sub === 'move' || sub === 'save') {
        const operands = args.slice(2).filter((a) => !(a.text ?? '').startsWith('-'));
        const destination = operands[operands.length - 1];
        const out: Action[] = destination ? [{ kind: 'write', arg: destination, recursive: true, by: `gio ${sub}` }] : [];
        if (sub === 'move') for (const s of operands.slice(0, -1)) out.push({ kind: 'remove', arg: s, recursive: true, by: 'gio move' });
        return out;
      }
      return [];
    },
  },
];
