// ssh, scp and sftp: the connection itself runs elsewhere (a remote
// command is the remote host's business), but some options run commands
// here. `-o ProxyCommand=…` and `-o LocalCommand=…` are run with the user's
// shell (`sh -c` semantics) after ssh expands its `%` tokens;
// `KnownHostsCommand` is split into words and run directly; scp and sftp
// `-S PROGRAM` and `-D SERVER` run a local program. A `-F` config file that
// the line wrote is read for the same keywords; one it did not write is an
// ordinary file, like the user's own `~/.ssh/config`.

import type { Span } from '../../syntax/ast.js';
import { type Argument, derivedArgument, unfixedArgument, valueArgument } from '../core/arguments.js';
import { type Action, runsCode, type Invocation, type ProgramContext, type ProgramRow } from '../core/actions.js';
import { leadingText } from '../core/words.js';
import { getopt, has, type ParsedOption, type ParsedOptions, readOptions, valuesOf } from '../core/options.js';

export const rows: ProgramRow[] = [{ names: ['ssh', 'scp', 'sftp'], read: readSsh }];

const sshTable = getopt('46AaCfGgKkMNnqsTtVvXxYyB:b:c:D:E:e:F:I:i:J:L:l:m:O:o:P:p:Q:R:S:W:w:', true);
const scpTable = getopt('346ABCOpqRrsTvc:D:F:i:J:l:o:P:S:X:', true);
const sftpTable = getopt('46AaCfNpqrvB:b:c:D:F:i:J:l:o:P:R:S:s:X:', true);

/** Keywords whose value ssh runs with the user's shell. */
const shellKeywords = new Set(['proxycommand', 'localcommand']);

/** What ssh knows when it expands `%` tokens: null where treeward does not know the value. */
type Tokens = Record<string, string | null>;

function readSsh({ name, args, ctx, span }: Invocation): Action[] {
  const table = name === 'scp' ? scpTable : name === 'sftp' ? sftpTable : sshTable;
  const first = readOptions(args.slice(1), table);
  let all: ParsedOption[] = first.options;
  let operands = first.operands;
  if (name === 'ssh' && operands.length > 0) {
    // ssh reads options after the destination too (`ssh host -p 2222 cmd`); what follows them is the remote command
    const second = readOptions(operands.slice(1), table);
    all = [...all, ...second.options];
    operands = [operands[0]!];
  }
  const line = { options: all, operands, unfixedOptionLike: [], invalid: [] };
  const out: Action[] = [];
  const tokens = sshTokens(name, line.options, operands[0], ctx);
  for (const o of valuesOf(line, 'o')) out.push(...readSetting(settingText(o), o, tokens, ctx, span));
  for (const o of valuesOf(line, 'F')) out.push(...readConfigFile(o, tokens, ctx, span));
  for (const o of valuesOf(line, 'I')) out.push(...library(o, ctx, span));
  if (name === 'ssh') for (const o of valuesOf(line, 'E')) out.push({ kind: 'write', arg: valueArgument(o), by: 'ssh -E' });
  if (name === 'scp' || name === 'sftp') {
    // a program run in place of ssh (with ssh's options), or a local sftp server run directly
    for (const o of valuesOf(line, 'S')) out.push(runProgram(o, [], span));
    for (const o of valuesOf(line, 'D')) out.push(runSplit(o, span));
  }
  if (name === 'scp') out.push(...scpWrites(operands, has(line, 'r')));
  if (name === 'sftp') out.push(...sftpBatch(valuesOf(line, 'b')[0] ?? null, ctx, span), ...sftpFetch(operands));
  return out;
}

/** The text of `-o KEY=VALUE` (or `-o 'KEY VALUE'`), or what of it is fixed. */
function settingText(o: ParsedOption): { text: string; whole: boolean } {
  if (o.value !== null) return { text: o.value, whole: true };
  const lead = leadingText(o.arg.word);
  return { text: o.attached ? lead.text.replace(/^-[^o]*o/, '') : lead.text, whole: false };
}

/** One config keyword and its value, as ssh reads `-o` and config lines (`Key=Value`, `Key Value`, `Key = Value`). */
function splitSetting(text: string): { key: string; spelled: string; value: string } | null {
  const m = /^\s*([A-Za-z0-9]+)(\s*=\s*|\s+)([\s\S]*)$/.exec(text);
  if (!m) return null;
  return { key: m[1]!.toLowerCase(), spelled: m[1]!, value: m[3]!.trimEnd() };
}

function readSetting(setting: { text: string; whole: boolean }, o: ParsedOption | null, tokens: Tokens, ctx: ProgramContext, span: Span): Action[] {
  const parsed = splitSetting(setting.text);
  const where = o ? o.arg.word.span : span;
  if (!setting.whole) {
    // only a leading part is fixed: its key tells whether the rest matters
    if (!parsed) return [runsCode(where, { source: 'unfixed', via: '`ssh -o`', what: 'ssh option' })];
    if (shellKeywords.has(parsed.key) || parsed.key === 'knownhostscommand' || parsed.key === 'pkcs11provider' || parsed.key === 'securitykeyprovider') {
      return [runsCode(where, { source: 'unfixed', via: `\`ssh -o ${parsed.spelled}\``, what: 'ssh option value' })];
    }
    if (parsed.key === 'userknownhostsfile' && o) {
      return [{ kind: 'write', arg: unfixedArgument(o.arg, { source: 'program-reads', what: 'known-hosts value' }), by: 'ssh UserKnownHostsFile' }];
    }
    return [];
  }
  if (!parsed) return [];
  const { key, value } = parsed;
  if (shellKeywords.has(key)) {
    if (key === 'proxycommand' && value.toLowerCase() === 'none') return [];
    const allowed = key === 'proxycommand' ? new Set(['%', 'h', 'n', 'p', 'r']) : null;
    const code = expandTokens(value, tokens, allowed);
    const directive = key === 'proxycommand' ? 'ProxyCommand' : 'LocalCommand';
    if (code === null) return [runsCode(where, { source: 'unfixed', via: `\`${directive}\``, what: 'ssh host' })];
    return [{ kind: 'shell-code', code, span: where, dialect: 'sh' }];
  }
  if (key === 'knownhostscommand') {
    const words = splitSshArgs(value);
    if (words === null) return [runsCode(where, { source: 'unsplittable', what: 'KnownHostsCommand' })];
    const expanded = words.map((w) => expandTokens(w, tokens, null));
    if (expanded.some((w) => w === null) || /\$\{/.test(value)) return [runsCode(where, { source: 'unfixed', via: '`KnownHostsCommand`', what: 'ssh values' })];
    const from = o ? valueArgument(o) : null;
    if (!from || expanded.length === 0) return [];
    return [{ kind: 'run', argv: expanded.map((w) => derivedArgument(from, w!)), subshell: true }];
  }
  if (key === 'userknownhostsfile' && o) {
    const file = value.split(/\s+/)[0] ?? '';
    if (file === '' || file.toLowerCase() === 'none') return [];
    const path = expandTokens(file.replace(/^~(?=\/|$)/, ctx.home), tokens, new Set(['%', 'd']));
    if (path === null || /\$\{/.test(path)) {
      return [{ kind: 'write', arg: unfixedArgument(o.arg, { source: 'program-reads', what: 'known-hosts tokens' }), by: 'ssh UserKnownHostsFile' }];
    }
    return [{ kind: 'write', arg: derivedArgument(o.arg, path), by: 'ssh UserKnownHostsFile' }];
  }
  if ((key === 'pkcs11provider' || key === 'securitykeyprovider') && o) return library({ ...o, value, attached: true }, ctx, span);
  return [];
}

/** A shared library ssh loads: code when the line wrote it. */
function library(o: ParsedOption, ctx: ProgramContext, span: Span): Action[] {
  if (o.value === null) return [runsCode(o.arg.word.span, { source: 'unfixed', via: 'ssh', what: 'ssh library' })];
  if (o.value === 'none' || o.value === 'internal') return [];
  if (ctx.contentOf(o.value)) return [runsCode(span, { source: 'written-by-line', via: 'ssh', file: o.value, use: 'ssh library' })];
  return [];
}

/** `-F FILE`: a config the line wrote is read for the keywords that run commands; any other is an ordinary file. */
function readConfigFile(o: ParsedOption, tokens: Tokens, ctx: ProgramContext, span: Span): Action[] {
  if (o.value === null) return ctx.writtenBefore() ? [runsCode(o.arg.word.span, { source: 'unfixed', via: '`ssh -F`', what: 'ssh config' })] : [];
  if (o.value === 'none') return [];
  const written = ctx.contentOf(o.value);
  if (!written) return [];
  if (written.literal === null) return [runsCode(span, { source: 'written-by-line', via: 'ssh', file: o.value, use: 'ssh config' })];
  const out: Action[] = [];
  for (const raw of written.literal.split('\n')) {
    const text = raw.replace(/^\s+/, '');
    if (text === '' || text.startsWith('#')) continue;
    const parsed = splitSetting(text);
    if (!parsed) continue;
    if (parsed.key === 'match' || parsed.key === 'include') {
      if (parsed.key === 'include' || /\bexec\b/i.test(parsed.value)) {
        out.push(runsCode(span, { source: 'written-ssh-config', file: o.value, directive: parsed.key === 'include' ? 'Include' : 'Match exec' }));
      }
      continue;
    }
    out.push(...readSetting({ text, whole: true }, { ...o, value: text, attached: true }, tokens, ctx, span));
  }
  return out;
}

/** The values ssh's `%` tokens take: the host typed, the port, the user, the home directory. */
function sshTokens(name: string, opts: readonly ParsedOption[], destination: Argument | undefined, ctx: ProgramContext): Tokens {
  let host: string | null = null;
  let user: string | null | undefined; // undefined: not given, so the local user
  let port: string | null = '22';
  if (name === 'ssh' && destination && destination.text !== null) {
    const m = /^(?:ssh:\/\/)?(?:([^@/]*)@)?(\[[^\]]*\]|[^:/@]*)(?::(\d+))?\/?$/.exec(destination.text);
    if (m) {
      if (m[1] !== undefined) user = m[1];
      host = /^[A-Za-z0-9._-]+$/.test(m[2]!) ? m[2]! : null;
      if (m[3]) port = m[3];
    }
  }
  for (const o of opts) {
    if (o.name === 'l') user = o.value;
    if ((o.name === 'p' && name === 'ssh') || (o.name === 'P' && name !== 'ssh')) port = o.value;
  }
  const safe = (v: string | null) => (v !== null && /^[A-Za-z0-9._-]+$/.test(v) ? v : null);
  return {
    '%': '%', h: host, n: host, p: safe(port), r: user === undefined ? 'user' : safe(user), d: ctx.home, u: 'user', l: 'localhost', L: 'localhost',
    C: 'connectionhash', i: '1000', k: host, T: 'NONE', j: '', f: 'fingerprint', H: host, I: 'address', K: 'key', t: 'type',
  };
}

/** Expand ssh's `%x` tokens; null when one the text uses has a value treeward does not know. */
function expandTokens(text: string, tokens: Tokens, allowed: ReadonlySet<string> | null): string | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== '%' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const t = text[++i]!;
    if (allowed && !allowed.has(t)) {
      out += '%' + t; // ssh refuses the line; nothing runs
      continue;
    }
    const value = tokens[t];
    if (value === undefined) out += '%' + t;
    else if (value === null) return null;
    else out += value;
  }
  return out;
}

/** ssh's argv_split: words at blanks, `'…'` and `"…"` quoting, a backslash escaping the next character. */
export function splitSshArgs(text: string): string[] | null {
  const words: string[] = [];
  let current = '';
  let inWord = false;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === null && (c === ' ' || c === '\t' || c === '\n')) {
      if (inWord) words.push(current);
      current = '';
      inWord = false;
      continue;
    }
    inWord = true;
    if (c === '\\' && i + 1 < text.length && (quote === null || text[i + 1] === quote || text[i + 1] === '\\')) current += text[++i];
    else if (quote === null && (c === '"' || c === "'")) quote = c;
    else if (c === quote) quote = null;
    else current += c;
  }
  if (quote !== null) return null;
  if (inWord) words.push(current);
  return words;
}

/** A program given by path (scp/sftp `-S`): run with the ssh-like arguments its caller adds. */
function runProgram(o: ParsedOption, extra: Argument[], span: Span): Action {
  if (o.value === null) return runsCode(span, { source: 'unfixed', via: '`ssh`', what: 'ssh program' });
  return { kind: 'run', argv: [derivedArgument(o.arg, o.value), ...extra], subshell: true };
}

/** sftp `-D "server -args"`: split into words and run directly. */
function runSplit(o: ParsedOption, span: Span): Action {
  if (o.value === null) return runsCode(span, { source: 'unfixed', via: '`sftp -D`', what: 'command' });
  const words = splitSshArgs(o.value);
  if (words === null || words.length === 0) return runsCode(span, { source: 'unsplittable', what: 'sftp -D' });
  return { kind: 'run', argv: words.map((w) => derivedArgument(o.arg, w)), subshell: true };
}

/** Whether an scp operand names a remote file (`host:path`, `user@host:path`, `scp://…`). */
function remoteOperand(arg: Argument): boolean {
  if (arg.text !== null) return /^scp:\/\//.test(arg.text) || /^[^/]*:/.test(arg.text);
  // a word the line does not fix: remote when a `:` is spelled before any `/`
  const lead = leadingText(arg.word);
  if (/^[^/]*:/.test(lead.text)) return true;
  return !lead.whole && arg.word.parts.some((p) => (p.type === 'Literal' || p.type === 'SingleQuoted') && /^[^/]*:/.test(p.value));
}

/** The name a copied file takes in a directory: the source's last name (`host:d/x.sh` is `x.sh`), or null when not fixed. */
function copiedName(source: Argument): string | null {
  if (source.text === null) return null;
  const path = source.text.replace(/^scp:\/\/[^/]*\/?/, '').replace(/^[^/]*:/, '').replace(/\/+$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' || name === '.' || name === '..' || /[*?[\]{}\\]/.test(name) ? null : name;
}

/**
 * scp writes its local target (a copy from a host, or between local files); when the target is a directory, each
 * source lands in it under its own last name (`scp host:x.sh . && sh x.sh` runs what it fetched), and a source whose
 * name is not fixed (a remote glob) may land as anything below it.
 */
function scpWrites(operands: Argument[], recursive: boolean): Action[] {
  if (operands.length < 2) return [];
  const target = operands[operands.length - 1]!;
  if (remoteOperand(target)) return [];
  const names = operands.slice(0, -1).map(copiedName);
  const out: Action[] = [{ kind: 'write', arg: target, recursive: recursive || names.includes(null), by: 'scp' }];
  if (target.text === null) return out;
  const dir = target.text.replace(/\/+$/, '');
  for (const name of names) if (name !== null) out.push({ kind: 'write', arg: derivedArgument(target, `${dir}/${name}`), recursive, by: 'scp' });
  return out;
}

/** `sftp host:path` fetches that remote file into the current directory under its last name (sftp(1) "destination"). */
function sftpFetch(operands: Argument[]): Action[] {
  const source = operands[0];
  if (!source || !remoteOperand(source) || (source.text !== null && !/:[^/]*\S/.test(source.text.replace(/^sftp:\/\/[^/]*/, '')))) return [];
  const name = copiedName(source);
  if (name === null) return [{ kind: 'write', arg: derivedArgument(source, '.'), recursive: true, by: 'sftp' }];
  return [{ kind: 'write', arg: derivedArgument(source, name), recursive: false, by: 'sftp' }];
}

/** sftp's batch commands (`-b FILE`, or stdin): `!cmd` runs a local shell; local writes are not read. */
function sftpBatch(batch: ParsedOption | null, ctx: ProgramContext, span: Span): Action[] {
  let text: string | null | undefined;
  if (batch) {
    if (batch.value === null) return [runsCode(span, { source: 'unfixed', via: '`sftp -b`', what: 'file' })];
    if (batch.value === '-') text = ctx.stdinText === undefined ? (ctx.fedByPipe ? null : undefined) : ctx.stdinText;
    else {
      const written = ctx.contentOf(batch.value);
      if (!written) return [];
      text = written.literal;
    }
  } else text = ctx.stdinText === undefined ? (ctx.fedByPipe ? null : undefined) : ctx.stdinText;
  if (text === undefined) return [];
  if (text === null) return [runsCode(span, { source: 'pipe', via: '`sftp`', what: 'sftp commands' })];
  const out: Action[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/^[-@]/, '');
    if (line.startsWith('!')) {
      const code = line.slice(1).trim();
      if (code !== '') out.push({ kind: 'shell-code', code, span, dialect: 'sh' });
    } else if (/^(get|reget|mget|lmkdir|lln|lsymlink|lumask|lcd)\b/.test(line)) {
      out.push(runsCode(span, { source: 'sftp-local', command: line.split(/\s/)[0]! }));
    }
  }
  return out;
}

/**
 * rsync `-e`/`--rsh` (or `RSYNC_RSH` set by the line): the remote shell rsync
 * starts for a remote operand. rsync splits the text into words itself (at
 * spaces, with `'…'` and `"…"` quoting, no shell) and appends `-l USER`, the
 * host and the remote rsync command; the result is read as a command.
 */
export function rsyncShell(line: Pick<ParsedOptions, 'options' | 'operands'>, environment: ProgramContext['environment'], span: Span): Action[] {
  const out: Action[] = [];
  const given = line.options.filter((o) => o.name === 'rsh').pop();
  const variable = environment.get('RSYNC_RSH');
  if (environment.has('RSYNC_CONNECT_PROG')) out.push(runsCode(span, { source: 'changes-commands', via: '`RSYNC_CONNECT_PROG`', how: 'RSYNC_CONNECT_PROG' }));
  if (!given && variable === undefined) return out;
  // the remote operand: `[user@]host:path`, `host::module`, `rsync://[user@]host/…`; one the line does not fix may be remote
  let remote: Argument | null = null;
  for (const a of line.operands) {
    if (a.text === null || /^rsync:\/\//i.test(a.text) || /^[^/]*:/.test(a.text)) { remote = a; break; }
  }
  if (!remote) return out; // a local copy starts no remote shell
  let text: string | null;
  let from: Argument;
  if (given) {
    text = given.value;
    from = valueArgument(given);
  } else {
    text = typeof variable === 'string' ? variable : null;
    from = remote;
  }
  if (text === null) return [...out, runsCode(from.word.span, { source: 'unfixed', via: 'rsync', what: 'rsync shell' })];
  const words = splitRsyncShell(text);
  if (words === null) return [...out, runsCode(from.word.span, { source: 'unsplittable', what: 'rsync -e' })];
  if (words.length === 0) return out;
  const argv = words.map((w) => derivedArgument(from, w));
  if (remote.text === null) argv.push(unfixedArgument(remote, { source: 'derived', what: 'ssh host' }));
  else {
    const m = /^(?:rsync:\/\/)?(?:([^@/:]*)@)?(\[[^\]]*\]|[^:/]*)/i.exec(remote.text)!;
    if (m[1] !== undefined) argv.push(derivedArgument(remote, '-l'), derivedArgument(remote, m[1]));
    argv.push(derivedArgument(remote, m[2]!));
  }
  const path = line.options.filter((o) => o.name === 'rsync-path').pop();
  argv.push(path ? valueArgument(path) : derivedArgument(from, 'rsync'), derivedArgument(from, '--server'), derivedArgument(from, '.'));
  out.push({ kind: 'run', argv, subshell: true });
  return out;
}

/** rsync's own split of `-e`: words at spaces; `'…'` or `"…"` quote, a doubled quote inside is one literal quote. */
export function splitRsyncShell(text: string): string[] | null {
  const words: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') { i++; continue; }
    let word = '';
    let quote: string | null = null;
    while (i < text.length && (text[i] !== ' ' || quote !== null)) {
      const c = text[i]!;
      if (c === "'" || c === '"') {
        if (quote === null) { quote = c; i++; continue; }
        if (c === quote) {
          if (text[i + 1] !== quote) { quote = null; i++; continue; }
          i++; // a doubled quote: one literal quote
        }
      }
      word += text[i];
      i++;
    }
    if (quote !== null) return null;
    words.push(word);
  }
  return words;
}
