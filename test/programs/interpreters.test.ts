// The interpreters read directly (src/approver/programs/interpreters.ts):
// inline code (`-c`, `-e`, `eval`) under the inline-code policy, whose scan
// names the API it calls (`calls`); a script file is judged where the line
// wrote it; perl's -i edits its files in place.

import { describe } from 'vitest';
import { checkTable, type Case } from '../support/programs.js';

const inline: Case[] = [
  ["python -c 'print(1)'", 'inline python'],
  [`python3 -c 'import os; os.remove("x")'`, 'inline python', 'remove x'],
  [`python3 -c 'import os; os.remove(p)'`, 'inline python (unread-call)'],
  ["node -e 'console.log(1)'", 'inline javascript'],
  [`node -e 'require("fs").rmSync("x")'`, 'inline javascript', 'remove x'],
  [`node -e 'require("fs").rmSync(x)'`, 'inline javascript (unread-call)'],
  [`deno eval 'Deno.remove("x")'`, 'inline javascript', 'remove x'],
  [`bun -e 'Bun.write("x","y")'`, 'inline javascript', 'write x'],
  ["ruby -e 'puts 1'", 'inline ruby'],
  [`ruby -e 'File.delete("x")'`, 'inline ruby (calls)'],
  ["perl -e 'print 1'", 'inline perl'],
  [`perl -e 'unlink "x"'`, 'inline perl (calls)'],
  ["perl -i -pe 's/a/b/' f", 'inline perl', 'write f'],
  ["php -r 'echo 1;'", 'inline php'],
  [`lua -e 'os.remove("x")'`, 'inline lua (calls)'],
  [`osascript -e 'display dialog "hi"'`, 'inline applescript'],
];

const files: Case[] = [
  ['python script.py'],
  ['python -m http.server'],
  ['node script.js'],
  ['deno run x.ts'],
  ['tsx script.ts'],
];

const written: Case[] = [
  ['python script.py', 'inline python', 'remove x'],
  ['node a.js', 'inline javascript'],
  // written, but with text the line does not fix
  ['python u.py', 'runs code (written-by-line) via `python`'],
];

describe('inline code', () => checkTable(inline));
describe('a script the line wrote', () => {
  checkTable(written, { written: { 'script.py': 'import os; os.remove("x")', 'a.js': 'console.log(1)', 'u.py': null } });
});
describe('scripts and modules on disk', () => checkTable(files));
describe('under the refuse policy', () => checkTable([["python -c 'print(1)'", 'inline python (policy)']], { inlineCode: 'refuse' }));
describe('under the allow policy', () => checkTable([[`node -e 'require("fs").rmSync("x")'`, 'inline javascript']], { inlineCode: 'allow' }));
