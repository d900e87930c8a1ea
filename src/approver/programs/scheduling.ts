// crontab: installing a table runs commands later, outside the line
// (`protected-write`); `-r` removes the user's table; `-e` opens an editor.

import { runsCode, effectAction, type ProgramRow } from '../core/actions.js';
import { derivedArgument } from '../core/arguments.js';
import { joinPath } from '../core/path-text.js';

export const rows: ProgramRow[] = [
  {
    names: ['crontab'],
    read: ({ args, ctx, span }) => {
      const rest = args.slice(1).map((a) => a.text);
      if (rest.includes('-l')) return [];
      const spool = derivedArgument(args[0]!, joinPath(ctx.home, '.crontab-spool'));
      if (rest.includes('-r')) return [{ kind: 'remove', arg: spool, recursive: false, by: 'crontab -r' }];
      if (rest.includes('-e')) return [runsCode(span, { source: 'editor', edits: 'crontab -e' })];
      return [effectAction({ kind: 'crontab', span })];
    },
  },
];
