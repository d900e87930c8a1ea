// Programs that only read their operands (issue 13 item 1): a protected path
// handed to one of these is read, never written, so it is no reason to
// refuse (`grep -r foo .git`, `ls ~/.ssh`, `sha256sum ~/.bashrc`). Every
// other program the table does not read is assumed to write or remove what
// its words name (programs/unknown.ts). A program belongs here only when no
// option of it writes, removes, or runs a command; each name is checked
// against its manual page:
//   GNU coreutils 9.x (coreutils.info, "Output of entire files", "Summarizing
//   files", "File name manipulation", "Directory listing", "Disk usage",
//   "Printing text", "System context"): none of these takes an output file;
//   grep(1) (GNU grep 3.x); diff(1), cmp(1), diff3(1) (GNU diffutils 3.x —
//   not sdiff, whose -o writes); file(1) (`-C` writes `NAME.mgc` into the
//   current directory, never an operand); jq(1); strings(1), od(1),
//   hexdump(1) (not xxd: its second operand is the file it writes);
//   zcat(1), bzcat(1), xzcat(1); stat(1), readlink(1), realpath(1);
//   which(1), whereis(1); ssh-add(1) (reads keys, writes none); ps(1),
//   pgrep(1) (not pkill); id(1), uname(1). man(1) and ag(1) only read too,
//   but run a pager (and man a browser) that an option or the environment
//   names: rows of their own below.
// Left out, with their reason: sdiff (-o), tree (-o FILE), info (-o FILE),
// bat (`bat cache --build` writes its cache), yq (-i), fd (-x/-X run
// commands), xxd (writes its second operand), ptx (writes its second
// operand), tee/sort/uniq (rows of their own), pkill/kill (not files).

import type { Span } from '../../syntax/ast.js';
import { type Action, type Invocation, type ProgramRow, runsCode } from '../core/actions.js';

const readOnly = [
  // coreutils
  'ls', 'dir', 'vdir', 'stat', 'head', 'tail', 'wc', 'cut', 'paste', 'tr', 'nl', 'fold', 'fmt', 'pr', 'rev', 'tac', 'comm', 'join', 'expand',
  'unexpand', 'od', 'base64', 'base32', 'basenc', 'cksum', 'sum', 'md5sum', 'sha1sum', 'sha224sum', 'sha256sum', 'sha384sum', 'sha512sum',
  'b2sum', 'du', 'df', 'readlink', 'realpath', 'basename', 'dirname', 'pwd', 'printenv', 'id', 'whoami', 'groups', 'uname', 'nproc', 'seq',
  'expr', 'numfmt', 'factor', 'tsort', 'tty', 'sleep', 'yes', 'date',
  // text and files
  'column', 'grep', 'egrep', 'fgrep', 'zgrep', 'diff', 'diff3', 'cmp', 'file', 'jq', 'strings', 'hexdump', 'hd', 'zcat', 'bzcat',
  'xzcat', 'zstdcat', 'more', 'md5', 'shasum',
  // where things are
  'which', 'whereis', 'type', 'whence', 'where', 'locate', 'help', 'apropos', 'whatis',
  // processes and the system
  'ps', 'pgrep', 'uptime', 'free', 'getconf', 'locale', 'lsof', 'ssh-add',
];

/** ripgrep(1): `--pre COMMAND` runs COMMAND for every file it searches; otherwise it only reads. */
function readRipgrep({ args }: Invocation): Action[] {
  for (const arg of args.slice(1)) {
    const t = arg.text;
    if (t === '--') break;
    if (t === '--pre' || t?.startsWith('--pre=') === true) {
      const program = t === '--pre' ? (args[args.indexOf(arg) + 1]?.text ?? null) : t.slice('--pre='.length);
      return [runsCode(arg.word.span, { source: 'runs-program', via: '`rg --pre`', program })];
    }
  }
  return [];
}

/**
 * The commands a pager-running reader runs, through `sh -c`: man(1) (man-db 2.11) `-P PAGER`/`--pager=PAGER`, `-H[BROWSER]`/
 * `--html[=BROWSER]`, else `$MANPAGER`, `$PAGER` and (with -H) `$BROWSER` given by the line; ag(1) `--pager COMMAND`.
 */
function readPagerRunner(options: { letters: string[]; longs: string[]; variables: string[] }): (invocation: Invocation) => Action[] {
  return ({ args, ctx, span, name }) => {
    const out: Action[] = [];
    const code = (text: string | null, at: Span) =>
      out.push(text === null ? runsCode(at, { source: 'runs-program', via: `\`${name}\``, program: null })
        : { kind: 'shell-code', code: text, span: at, dialect: 'sh' });
    for (let i = 1; i < args.length; i++) {
      const t = args[i]!.text;
      if (t === '--') break;
      // a word the line does not fix may be `-Pcmd`
      if (t === null) {
        if (args[i]!.value.kind !== 'fixed') code(null, args[i]!.word.span);
        continue;
      }
      const long = options.longs.find((l) => t === `--${l}` || t.startsWith(`--${l}=`));
      const letter = options.letters.find((l) => new RegExp(`^-[a-zA-Z]*${l}`).test(t) && !t.startsWith('--'));
      if (long !== undefined) code(t.includes('=') ? t.slice(t.indexOf('=') + 1) : long === 'html' ? null : (args[++i]?.text ?? null), args[i]!.word.span);
      else if (letter !== undefined) {
        const rest = t.slice(t.indexOf(letter) + 1);
        if (rest !== '') code(rest, args[i]!.word.span);
        else if (letter !== 'H') code(args[++i]?.text ?? null, (args[i] ?? args[i - 1]!).word.span);
      }
    }
    for (const variable of options.variables) if (ctx.environment.has(variable)) code(ctx.environment.get(variable)!, span);
    return out;
  };
}

export const rows: ProgramRow[] = [
  { names: readOnly, optionsHarmless: true, read: () => [] },
  { names: ['rg'], read: readRipgrep },
  { names: ['man'], read: readPagerRunner({ letters: ['P', 'H'], longs: ['pager', 'html'], variables: ['MANPAGER', 'PAGER', 'BROWSER'] }) },
  { names: ['ag'], read: readPagerRunner({ letters: [], longs: ['pager'], variables: [] }) },
];
