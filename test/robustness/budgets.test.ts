// Each of treeward's budgets (src/budgets.ts) at its limit and just past it
// (issue 6): at the limit the line is read and judged as usual; past it,
// `parse` throws a BudgetError and `approve` denies the line as
// `too-complex` (or, for the budgets that only bound how precisely the
// approver follows a line, reads the part past the budget as unknown, which
// is a deny where it matters). Nothing here is timed: how time and memory
// grow towards the budgets is the stress table of `npm run bench`.

import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { approve } from '../../src/approver/approve.js';
import { fileSystemFrom, type FileSystem } from '../../src/approver/fs.js';
import type { ApproveOptions, Verdict } from '../../src/approver/types.js';
import { budgets } from '../../src/budgets.js';
import { dialects } from '../../src/syntax/dialect.js';
import { BudgetError, ParseError } from '../../src/syntax/errors.js';
import { parse } from '../../src/parser/parser.js';

const tree = '/home/dev/project';
const home = '/home/dev';

/** A tree with `build/` and `src/` (and `.git`), the home directory, /tmp; `extra` files by absolute path. */
function volume(extra: Record<string, string> = {}): FileSystem {
  const vol = new Volume();
  const files: Record<string, string> = { [`${tree}/.git/HEAD`]: 'ref: refs/heads/main\n', [`${tree}/src/a.ts`]: 'x', [`${tree}/build/a.o`]: 'x', ...extra };
  for (const [path, content] of Object.entries(files)) {
    vol.mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    vol.writeFileSync(path, content);
  }
  vol.mkdirSync('/tmp', { recursive: true });
  vol.mkdirSync(home, { recursive: true });
  return fileSystemFrom(vol as never);
}

function judge(line: string, options: Partial<ApproveOptions> = {}): Verdict {
  return approve(line, { tree, home, fs: volume(), ...options });
}

/** What `parse` makes of the line: 'ok', or the error's class and budget. */
function reads(line: string, dialect: 'bash' | 'sh' | 'zsh' = 'bash'): string {
  try {
    parse(line, { dialect });
    return 'ok';
  } catch (error) {
    if (error instanceof BudgetError) return `BudgetError(${error.budget})`;
    if (error instanceof ParseError) return 'ParseError';
    throw error;
  }
}

const decision = (v: Verdict) => (v.decision === 'allow' ? 'allow' : `deny ${v.id}`);

describe('input size: budgets.maxInputLength', () => {
  const limit = budgets.maxInputLength;
  // `echo` and one long word, padded to an exact length
  const line = (length: number) => `echo ${'a'.repeat(length - 5)}`;

  it('is 1 MiB', () => {
    expect(limit).toBe(1_048_576);
  });

  it('reads a line of exactly the limit', () => {
    expect(line(limit)).toHaveLength(limit);
    expect(reads(line(limit))).toBe('ok');
  });

  it('refuses one character more, before reading it, as too-complex', () => {
    expect(reads(line(limit + 1))).toBe('BudgetError(input)');
    expect(reads(`${'('.repeat(limit)}(`)).toBe('BudgetError(input)');
    const v = judge(line(limit + 1));
    expect(decision(v)).toBe('deny too-complex');
  });

  it('counts UTF-16 code units, so a line of multi-byte text has the same limit', () => {
    expect(reads(`echo ${'é'.repeat(limit - 5)}`)).toBe('ok');
    expect(reads(`echo ${'é'.repeat(limit - 4)}`)).toBe('BudgetError(input)');
  });
});

describe('nesting depth: budgets.maxNesting', () => {
  const limit = budgets.maxNesting;
  // a command inside n subshells is n + 1 constructs
  const subshells = (n: number) => `${'( '.repeat(n)}true${' )'.repeat(n)}`;

  it('reads 200 constructs inside each other', () => {
    expect(limit).toBe(200);
    expect(reads(subshells(limit - 1))).toBe('ok');
  });

  it('refuses the 201st as too-complex', () => {
    expect(reads(subshells(limit))).toBe('BudgetError(nesting)');
    expect(decision(judge(subshells(limit)))).toBe('deny too-complex');
  });

  // issue 6: 10,000 levels of each, open and closed, and open only; never a stack overflow
  const shapes: [string, string, string][] = [
    ['$(', 'echo $(', ')'], ['(', '( ', ' )'], ['{', '{ ', '; }'], ['"$(', 'echo "$(', ')"'], ['${', 'echo ${x:-', '}'],
    ['$((', 'echo $(( (', ') ))'], ['if', 'if true; then ', '; fi'], ['<(', 'cat <(', ')'],
  ];
  const nested = (open: string, close: string, head = '', tail = '') => `${head}${open.repeat(10_000)}x${close.repeat(10_000)}${tail}`;
  for (const [name, open, close] of shapes) {
    it(`refuses 10,000 levels of ${name} with the nesting budget, closed or not`, () => {
      for (const dialect of ['bash', 'zsh'] as const) {
        expect(reads(nested(open, close), dialect)).toMatch(/^BudgetError\(nesting\)$|^ParseError$/);
        expect(reads(open.repeat(10_000), dialect)).toMatch(/^BudgetError\(nesting\)$|^ParseError$/);
      }
      expect(reads(nested(open, close))).toBe('BudgetError(nesting)');
      expect(decision(judge(nested(open, close)))).toBe('deny too-complex');
    });
  }

  it('refuses 10,000 levels of ( inside [[ ]]', () => {
    expect(reads(nested('( ', ' )', '[[ ', ' ]]'))).toBe('BudgetError(nesting)');
    expect(reads(nested('( ', ' )', '[[ ', ' ]]'), 'zsh')).toBe('BudgetError(nesting)');
  });

  it('refuses backquotes nested past the budget (each level doubles its backslashes)', () => {
    // `echo \`echo \\\`…\\\`\`` nested 12 deep is 12 × 2 constructs (the substitution, its command) and reads;
    // the budget is shared with the nested parser, so deep nesting inside them is refused too
    let s = 'x';
    for (let d = 11; d >= 0; d--) {
      const q = `${'\\'.repeat(2 ** d - 1)}\``;
      s = `echo ${q}${s}${q}`;
    }
    expect(reads(s)).toBe('ok');
    expect(reads(`echo \`${subshells(limit)}\``)).toBe('BudgetError(nesting)');
  });
});

describe('pipelines: bash reads at most 3,000 commands in one (dialect.maxPipelineCommands)', () => {
  const pipeline = (n: number) => `true${' | cat'.repeat(n - 1)}`;

  it('reads 3,000 in bash and refuses 3,001, as bash (whose parser stack holds about 3,333) would', () => {
    expect(dialects.bash.maxPipelineCommands).toBe(3000);
    expect(reads(pipeline(3000))).toBe('ok');
    expect(reads(pipeline(3001))).toBe('ParseError');
    expect(decision(judge(pipeline(3001)))).toBe('deny parse-error');
  });

  it('reads 100,000 in sh, as dash does', () => {
    expect(reads(pipeline(100_000), 'sh')).toBe('ok');
  });
});

describe('expansion count: budgets.maxFields', () => {
  it('judges a word that expands to 256 fields', () => {
    expect(budgets.maxFields).toBe(256);
    expect(decision(judge('rm -f build/x{1..256}'))).toBe('allow');
    expect(decision(judge('rm -f build/{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p}{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p}'))).toBe('allow');
  });

  it('denies one that expands to 257 as too-complex', () => {
    expect(decision(judge('rm -f build/x{1..257}'))).toBe('deny too-complex');
    expect(decision(judge('rm -f build/{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p}{a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q}'))).toBe('deny too-complex');
    expect(decision(judge('rm -f build/x{1..100000000}'))).toBe('deny too-complex');
  });
});

describe('filesystem operations: budgets.maxLookups', () => {
  // Each name under build/ costs 10 lookups (lstat and readlink of /home, /home/dev, the tree, build/ and the name).
  const perName = 10;
  const removal = (n: number) => `rm -f ${Array.from({ length: n }, (_, i) => `build/f${i}`).join(' ')}`;

  it('judges a line that needs exactly the budget', () => {
    expect(budgets.maxLookups).toBe(10_000);
    expect(decision(judge(removal(budgets.maxLookups / perName)))).toBe('allow');
  });

  it('denies one that needs more as too-complex', () => {
    expect(decision(judge(removal(budgets.maxLookups / perName + 1)))).toBe('deny too-complex');
  });
});

describe('code inside code: budgets.maxCodeDepth', () => {
  const evals = (n: number) => `${'eval '.repeat(n)}rm -rf build`;

  it('follows 16 levels of eval', () => {
    expect(budgets.maxCodeDepth).toBe(16);
    expect(decision(judge(evals(16)))).toBe('allow');
  });

  it('denies the 17th as too-complex', () => {
    expect(decision(judge(evals(17)))).toBe('deny too-complex');
  });
});

describe('judging work: budgets.maxJudgingWork', () => {
  // `:` costs 16 + 1, and `: xx…x` 16 + 2 + its x's: n of the first and one of the second spend exactly `work`
  const line = (work: number) => {
    const n = Math.floor((work - 18) / 17) - 1;
    return `${':;'.repeat(n)}: ${'x'.repeat(work - 17 * n - 18)}`;
  };

  it('judges a line that spends exactly the budget', () => {
    expect(budgets.maxJudgingWork).toBe(2 ** 21);
    expect(decision(judge(line(budgets.maxJudgingWork)))).toBe('allow');
  });

  it('denies one that spends one more as too-complex, naming the budget', () => {
    const verdict = judge(line(budgets.maxJudgingWork + 1));
    expect(decision(verdict)).toBe('deny too-complex');
    expect(verdict.decision === 'deny' && verdict.reason).toMatch(/more work than 2,097,152/);
  });

  it('counts a function body again at every call: a chain of functions each calling the one before twice', () => {
    // each body is judged where it is defined and at each call: about 2^(n+2) walks of `echo x > out`, each level well inside the code-depth budget
    const chain = (n: number) => {
      let line = 'f0() { echo x > out; }';
      for (let i = 1; i <= n; i++) line += `; f${i}() { f${i - 1}; f${i - 1}; }`;
      return `${line}; f${n}`;
    };
    expect(decision(judge(chain(8)))).toBe('allow');
    expect(decision(judge(chain(15)))).toBe('deny too-complex');
  });

  it('counts a loop body at every pass: loops over 32 words, four deep', () => {
    const words = Array.from({ length: 32 }, (_, i) => `w${i}`).join(' ');
    const loops = (depth: number) => `${'abcd'.slice(0, depth).split('').map((v) => `for ${v} in ${words}; do `).join('')}echo $a > "out$a"${'; done'.repeat(depth)}`;
    expect(decision(judge(loops(2)))).toBe('allow');
    expect(decision(judge(loops(4)))).toBe('deny too-complex');
  });

  it('counts the fields a word expands to: words of 256 fields each cost 256 × (16 + 8)', () => {
    const words = (n: number) => `echo ${`${'{a,b}'.repeat(8)} `.repeat(n)}`;
    expect(decision(judge(words(300)))).toBe('allow');
    expect(decision(judge(words(400)))).toBe('deny too-complex');
  });
});

describe('recursion: a function that calls itself is not followed', () => {
  it.each([
    ['f() { f; f; }; f', 'f'],
    ['f() { rm -rf build; f; }; f', 'f'],
    ['g() { eval "g; g"; }; g', 'g'],
    // b's body is judged where b is defined: it calls a, whose body calls b
    ['a() { b; }; b() { a; }; a', 'b'],
  ])('%s: too-complex, naming the function', (line, name) => {
    for (const dialect of ['bash', 'sh', 'zsh'] as const) {
      const verdict = judge(line, { dialect });
      expect(decision(verdict)).toBe('deny too-complex');
      expect(verdict.decision === 'deny' && verdict.reason).toContain(`\`${name}\` calls itself`);
    }
  });

  it('still follows a function called many times, not from itself', () => {
    expect(decision(judge('f() { rm -rf build; }; f; f; f; f'))).toBe('allow');
    expect(decision(judge('f() { rm -rf /etc; }; f'))).toBe('deny removal-outside-tree');
  });
});

describe('possible current directories: budgets.maxDirectories', () => {
  // after n optional `cd`s to different directories, the line may stand in any of n + 1
  const cds = (n: number) => `${Array.from({ length: n }, (_, i) => `if test -e f; then cd ${tree}/d${i}; fi`).join('; ')}; rm -f x`;

  it('follows 8 possible directories', () => {
    expect(budgets.maxDirectories).toBe(8);
    expect(decision(judge(cds(7)))).toBe('allow');
  });

  it('reads a 9th as a place it cannot know, which a removal there is denied for', () => {
    expect(decision(judge(cds(8)))).toBe('deny removal-unplaced-name');
  });
});

describe('loops over fixed words: budgets.maxLoopWords', () => {
  const loop = (n: number) => `for f in ${Array.from({ length: n }, (_, i) => `build/d${i}`).join(' ')}; do rm -rf "$f"; done`;

  it('follows a loop over 32 words one by one', () => {
    expect(budgets.maxLoopWords).toBe(32);
    expect(decision(judge(loop(32)))).toBe('allow');
  });

  it('reads the variable of a loop over 33 as unknown, which a removal is denied for', () => {
    expect(decision(judge(loop(33)))).toBe('deny removal-unfixed-target');
  });
});

describe('files read: budgets.maxFileBytes', () => {
  // ~/.bashrc may turn on dotglob, which makes `*` match `.git`
  const bashrc = (bytes: number) => {
    const head = 'shopt -s dotglob\n';
    return volume({ [`${home}/.bashrc`]: head + '#'.repeat(bytes - head.length) });
  };

  it('reads a startup file of exactly the budget', () => {
    expect(budgets.maxFileBytes).toBe(1 << 20);
    expect(decision(approve('rm -rf *', { tree, home, fs: bashrc(budgets.maxFileBytes) }))).toBe('deny protected-removal');
  });

  // Past the budget the file is not read: it counts as unreadable, and treeward assumes the worst of it
  // (a ~/.bashrc it cannot read may turn on dotglob, so `*` may match `.git`).
  it('reads a startup file one byte past the budget as unreadable, assuming the worst', () => {
    expect(decision(approve('rm -rf *', { tree, home, fs: bashrc(budgets.maxFileBytes + 1) }))).toBe('deny protected-removal');
    expect(decision(approve('rm -rf build/*', { tree, home, fs: bashrc(budgets.maxFileBytes + 1) }))).toBe('deny protected-removal');
  });

  // Which paths are protected is then unknown: every line that removes or writes is denied. A line that
  // does neither never asks (the set is built when a rule first needs it, issue 18), so `ls` flows.
  it('denies every removal and write in a tree whose .gitmodules is too large to read', () => {
    const fs = volume({ [`${tree}/.gitmodules`]: '#'.repeat(budgets.maxFileBytes + 1), [`${tree}/.git/HEAD`]: 'x' });
    expect(decision(approve('rm -rf build', { tree, home, fs }))).toBe('deny internal-error');
    expect(decision(approve('echo x > out.txt', { tree, home, fs }))).toBe('deny internal-error');
    expect(decision(approve('ls', { tree, home, fs }))).toBe('allow');
  });
});
