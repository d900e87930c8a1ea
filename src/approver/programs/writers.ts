// Programs that write a file named by an option or derived from an operand
// (issue 13 item 2, issue 16's "programs that write a file named by an
// option"), each row from its manual page. Every row also hands the words it
// does not read to programs/unknown.ts, so that a protected path in an
// option the row does not know is still refused: a row says what it knows
// a program writes, never that the rest is left alone.

import type { Action, Invocation, ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument, operandsAt, unfixedArgument, valueArgument } from '../core/arguments.js';
import { has, optionLines, type ParsedOptions, valuesOf } from '../core/options.js';
import { baseName, joinPath } from '../core/path-text.js';
import { runsCode } from '../core/actions.js';
import { handedWords } from './unknown.js';
import { writtenSource } from './loading.js';

/** Files whose names start with `prefix` (and end with `suffix`): split's and csplit's pieces, as a glob the rules match against protected names. */
export function namesStartingWith(from: Argument, prefix: string, suffix = ''): Argument {
  const text = `${prefix}*${suffix}`;
  const chunks = [{ text: prefix, quoted: true }, { text: '*', quoted: false }, ...(suffix ? [{ text: suffix, quoted: true }] : [])];
  return { word: from.word, value: { kind: 'fixed', fields: [{ text, chunks, glob: true }] }, text: null };
}

const write = (arg: Argument, by: string, more: Partial<Extract<Action, { kind: 'write' }>> = {}): Action => ({ kind: 'write', arg, by, ...more });

/** The row's own actions, then every word handed on as programs/unknown.ts does. */
function andHanded(read: (invocation: Invocation) => Action[]): (invocation: Invocation) => Action[] {
  return (invocation) => [...read(invocation), ...handedWords(invocation.name, invocation.args, invocation.ctx.home)];
}

// ------------------------------------------------------------------ split, csplit, shuf (GNU coreutils 9.1: split(1), csplit(1), shuf(1))

const splitOptions = optionLines([
  '-a --suffix-length=N', '   --additional-suffix=SUFFIX', '-b --bytes=SIZE', '-C --line-bytes=SIZE', '-d', '   --numeric-suffixes[=FROM]', '-x',
  '   --hex-suffixes[=FROM]', '-e --elide-empty-files', '   --filter=COMMAND', '-l --lines=NUMBER', '-n --number=CHUNKS', '-t --separator=SEP',
  '-u --unbuffered', '   --verbose',
]);

/** split [OPTION]... [FILE [PREFIX]]: pieces PREFIXaa, PREFIXab … (default prefix `x`), or `--filter=COMMAND` run by `$SHELL -c` per piece. */
function readSplit({ line, args, span }: Invocation): Action[] {
  const filter = valuesOf(line, 'filter')[0];
  if (filter) {
    if (filter.value === null) return [runsCode(span, { source: 'unfixed', via: '`split --filter`', what: 'command' })];
    return [{ kind: 'shell-code', code: filter.value, span: filter.arg.word.span, dialect: 'sh' }];
  }
  // a glob may expand to the input and the prefix both (`split *`)
  const prefixes = operandsAt(line.operands, 1);
  if (prefixes.length === 0) return [pieces(undefined, args[0]!, 'x', valuesOf(line, 'additional-suffix')[0], 'split')];
  return prefixes.map((prefix) => pieces(prefix, args[0]!, 'x', valuesOf(line, 'additional-suffix')[0], 'split'));
}

function pieces(prefix: Argument | undefined, program: Argument, fallback: string, suffix: { value: string | null } | undefined, by: string): Action {
  if (suffix !== undefined && suffix.value === null) return write(unfixedArgument(program, { source: 'option-value' }), by);
  if (prefix === undefined) return write(namesStartingWith(program, fallback, suffix?.value ?? ''), by);
  if (prefix.text === null) return write(prefix.value.kind === 'fixed' ? globPrefix(prefix, suffix?.value ?? '') : prefix, by);
  return write(namesStartingWith(prefix, prefix.text, suffix?.value ?? ''), by);
}

/** A glob standing for the prefix (`split *`): the names its matches start, `PATTERN*SUFFIX`. */
function globPrefix(prefix: Argument, suffix: string): Argument {
  if (prefix.value.kind !== 'fixed') return prefix;
  const fields = prefix.value.fields.map((field) => ({
    ...field, text: `${field.text}*${suffix}`, glob: true,
    chunks: [...field.chunks, { text: '*', quoted: false }, ...(suffix ? [{ text: suffix, quoted: true }] : [])],
  }));
  return { word: prefix.word, value: { kind: 'fixed', fields }, text: null };
}

const csplitOptions = optionLines([
  '-b --suffix-format=FORMAT', '-f --prefix=PREFIX', '-k --keep-files', '   --suppress-matched', '-n --digits=DIGITS', '-s -q --quiet --silent',
  '-z --elide-empty-files',
]);

/** csplit [OPTION]... FILE PATTERN...: pieces PREFIX00, PREFIX01 … (default `xx`); `-b` is a printf format, whose text is not fixed. */
function readCsplit({ line, args }: Invocation): Action[] {
  const prefix = valuesOf(line, 'prefix').map(valueArgument).pop();
  if (has(line, 'suffix-format')) return [write(unfixedArgument(prefix ?? args[0]!, { source: 'option-value' }), 'csplit -b')];
  return [pieces(prefix, args[0]!, 'xx', undefined, 'csplit')];
}

const shufOptions = optionLines([
  '-e --echo', '-i --input-range=LO-HI', '-n --head-count=COUNT', '-o --output=FILE', '   --random-source=FILE', '-r --repeat', '-z --zero-terminated',
]);

const outputs = (line: ParsedOptions, by: string, ...names: string[]): Action[] =>
  valuesOf(line, ...names).filter((o) => o.value !== '-').map((o) => write(valueArgument(o), by));

// ------------------------------------------------------------------ xxd (xxd(1), vim 9.0)

const xxdValued = new Set(['-c', '-cols', '-g', '-groupsize', '-l', '-len', '-o', '-offset', '-s', '-seek', '-n', '-name', '-R']);

/** xxd [options] [infile [outfile]]: the second operand is written (dump or, with -r, the binary). */
function readXxd({ args }: Invocation): Action[] {
  const operands: Argument[] = [];
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t !== null && xxdValued.has(t)) i++;
    else if (t !== null && t.startsWith('-') && t !== '-' && operands.length === 0) continue;
    else operands.push(args[i]!);
  }
  // a glob may expand to the input and the output both (`xxd *`)
  return operandsAt(operands, 1).filter((out) => out.text !== '-').map((out) => write(out, 'xxd'));
}

// ------------------------------------------------------------------ openssl (openssl(1), OpenSSL 3.0: the commands' `-out`-style options)

/** Options of openssl's commands that name a file the command writes. */
const opensslOutputs = new Set(['-out', '-keyout', '-certout', '-sigout', '-reqout', '-rspout', '-respout', '-crlout', '-writerand', '-outdir', '-CAserial']);
/** Options that load code: an engine or provider module (openssl-engine(1), provider(7)). */
const opensslLoaders = new Set(['-engine', '-keygen_engine', '-ssl_client_engine', '-provider', '-provider-path', '-config']);

/** Variables that point openssl at a configuration or at modules it loads (openssl-env(7)): given by the line, they load code. */
const opensslLoaderVariables = ['OPENSSL_CONF', 'OPENSSL_CONF_INCLUDE', 'OPENSSL_ENGINES', 'OPENSSL_MODULES'];

function readOpenssl({ args, span, ctx }: Invocation): Action[] {
  const out: Action[] = [];
  for (const name of opensslLoaderVariables) {
    if (ctx.environment.has(name)) out.push(runsCode(span, { source: 'runs-program', via: `\`${name}\``, program: ctx.environment.get(name) ?? null }));
  }
  const engine = args[1]?.text === 'engine';
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) continue;
    const value = args[i + 1];
    if (opensslOutputs.has(t) && value) out.push(write(value, `openssl ${t}`, t === '-outdir' ? { content: false } : {}));
    if (opensslLoaders.has(t)) out.push(runsCode(span, { source: 'runs-program', via: `\`openssl ${t}\``, program: value?.text ?? null }));
    // `openssl engine ID -pre SO_PATH:/x.so -pre LOAD`: control commands that load a shared object (openssl-engine(1))
    if (engine && (t === '-pre' || t === '-post')) {
      out.push(runsCode(span, { source: 'runs-program', via: `\`openssl engine ${t}\``, program: value?.text ?? null }));
    }
  }
  return out;
}

// ------------------------------------------------------------------ ssh-keygen (ssh-keygen(1), OpenSSH 9.2)

const sshKeygenOptions = optionLines([
  ...'ABHKLQUXceghiklopquvy'.split('').map((l) => `-${l}`),
  ...'CDEFIMNOPRVYZabfgmnrstwz'.split('').map((l) => `-${l} VALUE`),
]);

/**
 * What ssh-keygen writes: `-f FILE` (and FILE.pub) when it makes or changes a
 * key; `~/.ssh/id_TYPE` when it makes one with no `-f`; the known_hosts file
 * (`-f`, default `~/.ssh/known_hosts`) that `-R` and `-H` rewrite; the
 * `-cert.pub` beside each key `-s` signs, and the `.sig` `-Y sign` writes.
 * `-D`/`-w` load a PKCS#11 or FIDO library: code.
 */
function readSshKeygen({ line, ctx, span, args }: Invocation): Action[] {
  const out: Action[] = [];
  const file = valuesOf(line, 'f').map(valueArgument).pop();
  for (const o of valuesOf(line, 'D', 'w')) out.push(runsCode(span, { source: 'runs-program', via: `\`ssh-keygen ${o.spelled}\``, program: o.value }));
  const home = (name: string) => derivedArgument(args[0]!, joinPath(ctx.home, name));
  const sign = valuesOf(line, 'Y')[0];
  if (sign) {
    if (sign.value === 'sign') for (const op of line.operands) out.push(write(op.text === null ? op : derivedArgument(op, `${op.text}.sig`),
      'ssh-keygen -Y sign'));
    return out;
  }
  if (has(line, 'R', 'H')) {
    const hosts = file ?? home('.ssh/known_hosts');
    out.push(write(hosts, 'ssh-keygen -R'), write(hosts.text === null ? hosts : derivedArgument(hosts, `${hosts.text}.old`), 'ssh-keygen -R'));
    return out;
  }
  if (has(line, 's')) {
    for (const op of line.operands) {
      out.push(write(op.text === null ? op : derivedArgument(op, `${op.text.replace(/\.pub$/, '')}-cert.pub`), 'ssh-keygen -s'));
    }
    return out;
  }
  // reading: fingerprints, public halves, searches, certificates, exports and imports to stdout, checks
  if (has(line, 'l', 'y', 'F', 'L', 'Q', 'e', 'i', 'D', 'B') || (has(line, 'k') && !file)) return out;
  if (has(line, 'K')) return [...out, write(derivedArgument(args[0]!, '.'), 'ssh-keygen -K', { recursive: true })];
  if (has(line, 'A')) return [...out, write(file ?? derivedArgument(args[0]!, '/etc/ssh'), 'ssh-keygen -A', { recursive: true })];
  // no -f: ~/.ssh/id_TYPE (rsa by default; `ed25519-sk` is id_ed25519_sk)
  const type = valuesOf(line, 't').pop();
  const key = file ?? (type?.value === null ? null : home(`.ssh/id_${(type?.value ?? 'rsa').replace('-', '_')}`));
  // ssh-keygen makes ~/.ssh first when it is missing (OpenSSH 9.2 run in the sandbox)
  if (file === undefined) out.push(write(home('.ssh'), 'ssh-keygen', { content: false }));
  if (key === null) out.push(write(namesStartingWith(args[0]!, joinPath(ctx.home, '.ssh/id_')), 'ssh-keygen'));
  else out.push(write(key, file ? 'ssh-keygen -f' : 'ssh-keygen'), write(key.text === null ? key : derivedArgument(key, `${key.text}.pub`), 'ssh-keygen'));
  return out;
}

function sshKeygenOnlyReads(line: ParsedOptions): boolean {
  if (line.invalid.length > 0 || line.unfixedOptionLike.length > 0 || has(line, 'Y', 'R', 'H', 's', 'K', 'A', 'p', 'c', 'D', 'w', 'O')) return false;
  return has(line, 'l', 'y', 'F', 'L', 'Q', 'e', 'i', 'B');
}

// ------------------------------------------------------------------ gpg (gpg(1), GnuPG 2.2)

/** gpg commands that change its home directory (the keyrings, the trust database). */
const gpgHomeWriters = new Set([
  'import', 'recv-keys', 'receive-keys', 'refresh-keys', 'fetch-keys', 'gen-key', 'generate-key', 'full-gen-key', 'full-generate-key', 'quick-gen-key',
  'quick-generate-key', 'quick-add-key', 'quick-add-uid', 'quick-revoke-uid', 'quick-revoke-sig', 'quick-set-expire', 'quick-set-primary-uid',
  'quick-sign-key', 'quick-lsign-key', 'edit-key', 'sign-key', 'lsign-key', 'delete-key', 'delete-keys', 'delete-secret-key', 'delete-secret-keys',
  'delete-secret-and-public-key', 'delete-secret-and-public-keys', 'import-ownertrust', 'update-trustdb', 'check-trustdb', 'change-passphrase', 'passwd',
  'card-edit', 'edit-card', 'import-options', 'tofu-policy', 'generate-revocation', 'gen-revoke',
]);
/** Options naming a program gpg runs. */
const gpgPrograms = new Set(['photo-viewer', 'exec-path', 'agent-program', 'dirmngr-program', 'keyboxd-program', 'pinentry-program']);

function readGpg({ args, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  let homedir: Argument | null = null;
  let writesHome = false;
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null || !t.startsWith('-')) continue;
    const long = /^--([a-z0-9-]+)(?:=(.*))?$/s.exec(t);
    const name = long ? long[1]! : t === '-o' ? 'output' : t.startsWith('-o') && !t.startsWith('--') ? 'output=' : '';
    const valueArg = long &&
      long[2] !== undefined ? derivedArgument(args[i]!, long[2]) : name === 'output=' ? derivedArgument(args[i]!, t.slice(2)) : args[i + 1];
    if (name === 'output' || name === 'output=') {
      if (valueArg && valueArg.text !== '-') out.push(write(valueArg, 'gpg -o'));
    } else if (name === 'homedir' && valueArg) homedir = valueArg;
    else if (gpgHomeWriters.has(name)) writesHome = true;
    else if (gpgPrograms.has(name)) out.push(runsCode(span, { source: 'runs-program', via: `\`gpg --${name}\``, program: valueArg?.text ?? null }));
  }
  if (writesHome) {
    const variable = ctx.environment.has('GNUPGHOME') ? ctx.environment.get('GNUPGHOME') : ctx.env['GNUPGHOME'];
    const home = homedir ?? (variable === null ? unfixedArgument(args[0]!, { source: 'variable', name: 'GNUPGHOME' })
      : derivedArgument(args[0]!, variable ?? joinPath(ctx.home, '.gnupg')));
    out.push(write(home, 'gpg', { recursive: true }));
  }
  return out;
}

// ------------------------------------------------------------------ compilers (gcc(1) "Options Controlling the Kind of Output", "Directory Options")

/**
 * cc, gcc, clang: `-o FILE` (or `-oFILE`), else `a.out` (`-c`, `-S`, `-E`:
 * files beside the sources' names in the current directory, or stdout);
 * `-MF FILE`; and the options that run or load programs: `-fplugin=`,
 * `-wrapper`, `-B` (where the driver finds cc1, as, ld), `-specs=` (spec
 * files run programs), `@FILE` (options from a file treeward does not read).
 */
function readCompiler({ args, span, name }: Invocation): Action[] {
  const out: Action[] = [];
  let output = false;
  let noLink = false;
  let beside: string | null = null;
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) continue;
    if (t === '-o' || t === '-MF') {
      const v = args[++i];
      if (v && v.text !== '-') out.push(write(v, `${name} ${t}`));
      if (t === '-o') output = true;
    } else if (/^-o./s.test(t)) {
      out.push(write(derivedArgument(args[i]!, t.slice(2)), `${name} -o`));
      output = true;
    } else if (/^-(c|S|E|M|MM|fsyntax-only|###|-version|v|dump\w*|print-\S*)$/.test(t)) {
      noLink = true;
      if (t === '-c' || t === '-S') beside ??= t === '-c' ? '.o' : '.s';
    }
    else if (/^-(fplugin=|wrapper|B|specs=|-specs=|fplugin-arg)/.test(t) || t.startsWith('@')) {
      out.push(runsCode(span, { source: 'runs-program', via: `\`${name} ${t.replace(/^(-[a-z-]+=?|@).*$/s, '$1')}\``, program: null }));
    }
  }
  if (!output && !noLink) out.push(write(derivedArgument(args[0]!, 'a.out'), name));
  if (!output && beside !== null) {
    for (const op of args.slice(1)) {
      if (op.text !== null && /\.(c|cc|cpp|cxx|s|S|m)$/.test(op.text)) out.push(write(derivedArgument(op, baseName(op.text).replace(/\.[^.]+$/, beside)),
        name));
    }
  }
  return out;
}

/** `go env -w` keys that name a program go runs, or flags and a toolchain every later go command takes (go help environment). */
const goProgramKeys = /^(GOFLAGS|CC|CXX|FC|AR|PKG_CONFIG|GOTOOLCHAIN|GOENV|GOROOT|CGO_[A-Z]*FLAGS|GCCGO)$/;

/**
 * go(1) `go build -o`, `go test -o`; `-toolexec` and `-exec` name programs go runs (go help build, go help test).
 * `go run`, `go test` and `go generate` run code the tree's Go files hold (`//go:generate` lines: commands): Go files
 * the line wrote are code nobody read. `go env -w KEY=…` changes what every later go command runs.
 */
function readGo({ args, span, ctx }: Invocation): Action[] {
  const out: Action[] = [];
  const sub = args[1]?.text;
  if (sub === 'run' || sub === 'test' || sub === 'generate') {
    const near = writtenSource(ctx, ['.'], ['.go']);
    if (near) out.push(runsCode(span, { source: 'written-by-line', via: `\`go ${sub}\``, file: near.file, use: 'importable' }));
  }
  if (sub === 'env') {
    for (const a of args.slice(2)) {
      if (a.text === null || (!a.text.startsWith('-') && goProgramKeys.test(a.text.split('=')[0]!))) {
        out.push(runsCode(span, { source: 'runs-program', via: '`go env -w`', program: a.text }));
      }
    }
    if (!args.slice(2).some((a) => a.text === '-w' || a.text === '-u')) return [];
  }
  for (let i = 2; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) continue;
    const m = /^--?(o|toolexec|exec)(?:=(.*))?$/s.exec(t);
    if (!m) continue;
    const value = m[2] !== undefined ? derivedArgument(args[i]!, m[2]) : args[++i];
    if (m[1] === 'o' && value) out.push(write(value, 'go -o'));
    else if (m[1] !== 'o') out.push(runsCode(span, { source: 'runs-program', via: `\`go -${m[1]}\``, program: value?.text ?? null }));
  }
  return out;
}

/** rustc --help (1.7x): `-o FILE`, `--out-dir DIR`, `--emit KIND=PATH`; `-C linker=PROG` runs a program. */
function readRustc({ args, span }: Invocation): Action[] {
  const out: Action[] = [];
  for (let i = 1; i < args.length; i++) {
    const t = args[i]!.text;
    if (t === null) continue;
    if (t === '-o' || t === '--out-dir') {
      const v = args[++i];
      if (v) out.push(write(v, `rustc ${t}`));
    } else if (t.startsWith('--out-dir=')) out.push(write(derivedArgument(args[i]!, t.slice(10)), 'rustc --out-dir'));
    else if (t === '--emit' || t.startsWith('--emit=')) {
      const spec = t === '--emit' ? args[++i]?.text : t.slice(7);
      for (const kind of (spec ?? '').split(',')) {
        const eq = kind.indexOf('=');
        if (eq >= 0 && kind.slice(eq + 1) !== '-') out.push(write(derivedArgument(args[i]!, kind.slice(eq + 1)), 'rustc --emit'));
      }
    } else {
      // -C/--codegen OPT=VALUE: the linker it runs, and the arguments and options it hands on to the linker and LLVM
      const next = args[i + 1]?.text ?? null;
      const codegen = t === '-C' || t === '--codegen' ? next : t.startsWith('-C') ? t.slice(2) : t.startsWith('--codegen=') ? t.slice(10) : undefined;
      if (codegen === undefined) continue;
      if (codegen === null || /^(linker|link-args?|pre-link-args?|llvm-args|linker-flavor|ar)=/.test(codegen)) {
        out.push(runsCode(span, { source: 'runs-program', via: '`rustc -C`', program: codegen?.startsWith('linker=') ? codegen.slice(7) : null }));
      }
    }
  }
  return out;
}

// ------------------------------------------------------------------ link, pg_dump, mysqldump (link(1), pg_dump(1), mysqldump(1))

function readLink({ line }: Invocation): Action[] {
  const [source, name] = line.operands;
  if (!source || !name) return [];
  return [write(source, 'link', { hardLinkSource: true }), write(name, 'link'), { kind: 'place', arg: name }];
}

const pgDumpOptions = optionLines([
  '-f --file=FILE', '-F --format=FORMAT', '-d --dbname=NAME', '-h --host=HOST', '-p --port=PORT', '-U --username=NAME', '-n --schema=PATTERN',
  '-N --exclude-schema=PATTERN', '-t --table=PATTERN', '-T --exclude-table=PATTERN', '-j --jobs=N', '-Z --compress=LEVEL', '-E --encoding=ENC',
  '-S --superuser=NAME', '   --role=ROLE', '-l --database=NAME', '-L --use-list=FILE',
  ...'abcCOsvwWxXgr'.split('').map((l) => `-${l}`),
]);

const mysqldumpOptions = optionLines([
  '-r --result-file=FILE', '-T --tab=DIR', '-u --user=NAME', '-h --host=HOST', '-P --port=PORT', '-p --password[=PASSWORD]', '-S --socket=PATH',
  '-w --where=COND', '   --defaults-file=FILE', '   --defaults-extra-file=FILE', '   --plugin-dir=DIR',
  ...'ABcCeEfFlnqRtvxXY'.split('').map((l) => `-${l}`),
]);

// ------------------------------------------------------------------ history, fc, zcompile (bash(1) "history", zshbuiltins(1) "fc", "zcompile")

/**
 * The history file the shell writes without a FILE: HISTFILE as the command sees it (given to it, set by the line,
 * inherited), else the shell's default (bash: ~/.bash_history; zsh: none). bash 5.2 run: `HISTFILE=F history -w` and
 * `HISTFILE=F; history -w` both write F.
 */
function historyFile(ctx: Invocation['ctx'], at: Argument, fallback: string | null): Argument | null {
  const given = ctx.environment.get('HISTFILE');
  if (given !== undefined) return given === null ? unfixedArgument(at, { source: 'variable', name: 'HISTFILE' }) : derivedArgument(at, given);
  const set = ctx.parameter?.('HISTFILE');
  if (set === 'unfixed') return unfixedArgument(at, { source: 'variable', name: 'HISTFILE' });
  if (set !== undefined) return derivedArgument(at, set.text);
  const inherited = ctx.env['HISTFILE'] ?? fallback;
  return inherited === null ? null : derivedArgument(at, inherited);
}

/** bash `history -w|-a [FILE]`: the history file (HISTFILE, default ~/.bash_history) or FILE written. */
function readHistory({ args, ctx }: Invocation): Action[] {
  const words = args.slice(1);
  const writes = words.some((a) => a.text !== null && /^-[a-z]*[wa]/.test(a.text));
  if (!writes) return [];
  const file = words.find((a) => !(a.text ?? '-').startsWith('-'));
  return [write(file ?? historyFile(ctx, args[0]!, joinPath(ctx.home, '.bash_history'))!, 'history -w')];
}

/** zsh `fc`: `-W|-A [FILE]` write the history file (HISTFILE without one); `-l` lists; anything else edits and runs earlier commands. */
function readFc({ args, span, ctx }: Invocation): Action[] {
  const flags = args.slice(1).filter((a) => (a.text ?? '').startsWith('-')).map((a) => a.text!).join('');
  const file = args.slice(1).find((a) => !(a.text ?? '-').startsWith('-')) ?? historyFile(ctx, args[0]!, null);
  if (/[WA]/.test(flags)) return file ? [write(file, 'fc -W')] : [];
  if (/[lpPRI]/.test(flags) && !/[es]/.test(flags)) return [];
  return [runsCode(span, { source: 'unfixed', via: '`fc`', what: 'command' })];
}

/**
 * zcompile FILE [NAME…] writes FILE.zwc (FILE itself when it ends in .zwc);
 * zsh loads `X.zwc` in place of `X`, so the compiled file stands for its
 * source: `~/.zshrc.zwc` is written as `~/.zshrc`.
 */
function readZcompile({ args }: Invocation): Action[] {
  const words = args.slice(1);
  if (words.some((a) => a.text === '-t')) return [];
  const file = words.find((a) => !(a.text ?? '-').startsWith('-'));
  if (!file) return [];
  if (file.text === null) return [write(file, 'zcompile')];
  const stem = file.text.replace(/\.zwc$/, '');
  return [write(derivedArgument(file, `${stem}.zwc`), 'zcompile'), write(derivedArgument(file, stem), 'zcompile')];
}

export const rows: ProgramRow[] = [
  { names: ['split'], options: splitOptions, read: andHanded(readSplit) },
  { names: ['csplit'], options: csplitOptions, read: andHanded(readCsplit) },
  { names: ['shuf'], options: shufOptions, read: andHanded(({ line }) => outputs(line, 'shuf -o', 'output')) },
  { names: ['xxd'], read: andHanded(readXxd) },
  { names: ['openssl'], read: andHanded(readOpenssl) },
  {
    names: ['ssh-keygen'], options: sshKeygenOptions,
    // a reading (`-l`, `-y`, `-F` …) with every option known reads its -f file: `ssh-keygen -lf ~/.ssh/id_ed25519.pub` flows
    read: (invocation) => (sshKeygenOnlyReads(invocation.line) ? readSshKeygen(invocation) : andHanded(readSshKeygen)(invocation)),
  },
  { names: ['gpg', 'gpg2'], read: andHanded(readGpg) },
  { names: ['cc', 'gcc', 'g++', 'c++', 'clang', 'clang++'], read: andHanded(readCompiler) },
  { names: ['go'], read: andHanded(readGo) },
  { names: ['rustc'], read: andHanded(readRustc) },
  { names: ['link'], options: optionLines([]), read: andHanded(readLink) },
  { names: ['pg_dump', 'pg_dumpall'], options: pgDumpOptions, read: andHanded(({ line }) => outputs(line, 'pg_dump -f', 'file')) },
  {
    names: ['mysqldump'], options: mysqldumpOptions,
    read: andHanded(({ line }) => [...outputs(line, 'mysqldump -r', 'result-file'), ...outputs(line, 'mysqldump --tab', 'tab')]),
  },
  { names: ['history'], read: andHanded(readHistory) },
  { names: ['fc'], read: andHanded(readFc) },
  { names: ['zcompile'], read: andHanded(readZcompile) },
];
