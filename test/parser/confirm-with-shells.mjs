// Confirm the parser tables' verdicts against the real shells.
//
//   TREEWARD_RECORD_CASES=/tmp/cases.jsonl npx vitest run test/parser
//   node test/parser/confirm-with-shells.mjs /tmp/cases.jsonl
//
// Each recorded case ({dialect, src, accepts}) is run through the shell's own
// check: `bash -O extglob -n -c`, `dash -n -c`, `zsh -f -n -c`, in an empty
// scratch directory. An error is a non-zero status or a stderr line that is
// not a warning; zsh's silent status 1 (`zsh -n` on `! cmd`) is not one.
// Prints every case where the table and the shell disagree; exits 1 if any.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const file = process.argv[2];
if (!file) {
  console.error('usage: node test/parser/confirm-with-shells.mjs CASES.jsonl');
  process.exit(2);
}
const cases = new Map();
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line) continue;
  const c = JSON.parse(line);
  const key = `${c.dialect}\0${c.src}`;
  if (cases.has(key) && cases.get(key).accepts !== c.accepts) console.log(`tables disagree with each other: ${c.dialect} ${JSON.stringify(c.src)}`);
  cases.set(key, c);
}
const shells = { bash: ['bash', ['-O', 'extglob', '-n', '-c']], sh: ['dash', ['-n', '-c']], zsh: ['zsh', ['-f', '-n', '-c']] };
const scratch = mkdtempSync(path.join(tmpdir(), 'treeward-confirm-'));
let disagreements = 0;
try {
  for (const c of cases.values()) {
    const [command, args] = shells[c.dialect];
    const r = spawnSync(command, [...args, c.src], {
      cwd: scratch, encoding: 'utf8', timeout: 5000, env: { PATH: '/usr/bin:/bin', HOME: scratch, LANG: 'C.UTF-8' },
    });
    const messages = (r.stderr || '').split('\n').filter((l) => l.trim() !== '' && !/\bwarning:/i.test(l));
    const accepts = !r.error && r.signal === null && messages.length === 0 && (c.dialect === 'zsh' || r.status === 0);
    if (accepts !== c.accepts) {
      disagreements++;
      console.log(`${c.dialect}\t${JSON.stringify(c.src)}\ttable: ${c.accepts ? 'accept' : 'reject'}\tshell: ${accepts ? 'accept' : 'reject'} (status ${r.status}) ${messages.join(' | ')}`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(`${cases.size} distinct cases, ${disagreements} disagree with the shell`);
process.exit(disagreements > 0 ? 1 : 0);
