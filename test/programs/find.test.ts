// find read directly (src/approver/programs/find.ts): `-delete` and an
// `-exec` removal remove below the start points, narrowed by the tests
// before them (`filtered`); `{}` in an `-exec` command is each path found
// (`{listed by find}`); `-fprint` and its kin write their file.

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const removals: Case[] = [
  ["find . -name '*.o' -delete", 'remove . (recursive, below only, filtered)'],
  ['find build -type f -delete', 'remove build (recursive, below only, filtered)'],
  ["find . -path ./node_modules -prune -o -name '*.js' -delete", 'remove . (recursive, below only, filtered)'],
  ['find . -maxdepth 1 -delete', 'remove . (recursive, below only, filtered)'],
  // -L, -H and -follow delete through the links they follow (GNU find 4.9 run: `find -L tree -name f -delete` removed a file outside tree)
  ['find -L . -delete', 'remove ?program-reads (recursive, below only, filtered)'],
  ['find -H link -name h -delete', 'remove ?program-reads (recursive, below only, filtered)'],
  ['find . -follow -delete', 'remove ?program-reads (recursive, below only, filtered)'],
  ['find -L . -name x -exec sed -i s/a/b/ {} +', 'run: sed -i s/a/b/ ?runner-list'],
  ['find -L . -name x -exec cat {} +', 'run: cat ?runner-list'],
  ['find $d -delete', 'remove ?parameter (recursive, below only, filtered)'],
];

const commands: Case[] = [
  ['find . -exec echo {} \\;', 'run: echo {listed by find}'],
  ["find . -name '*.tmp' -exec rm {} +", 'run: rm {listed by find}', 'remove . (recursive, below only, filtered)'],
  ['find . -name x -exec rm -r {} \\;', 'run: rm -r {listed by find}', 'remove . (recursive, below only, filtered)'],
  ['find . -ok rm {} \\;', 'run: rm {listed by find}', 'remove . (recursive, below only, filtered)'],
  // -execdir runs in each found entry's directory: not one the line knows
  ['find . -execdir rm {} \\;', 'run: rm {listed by find} in ?', 'remove . (recursive, below only, filtered)'],
];

const writes: Case[] = [
  ['find . -fprint list.txt', 'write list.txt'],
  ["find . -fprintf out.txt '%p'", 'write out.txt'],
  ["find . -name '*.ts'"],
];

describe('find: removals', () => checkTable(removals));
describe('find: commands it runs', () => checkTable(commands));
describe('find: files it writes', () => checkTable(writes));
