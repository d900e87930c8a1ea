// Redirections: the files a command's redirections write (bash and zsh glob
// a redirection target), the fds they point at files (`exec 3> f` makes
// `/dev/fd/3` that file), and what a command reads on stdin when the line
// fixes it (a here-document, a here-string).

import type { Redirect, SimpleCommand } from '../../syntax/ast.js';
import type { Dialect } from '../../syntax/dialect.js';
import type { Argument } from '../core/arguments.js';
import { literalWord } from '../core/words.js';
import { copiesStdinToStdout } from '../programs/index.js';
import { isHarmlessDevice } from './line-facts.js';
import { argument } from './parameters.js';
import type { OpenFile, Scope } from './scope.js';
import type { WalkState } from './state.js';
import { walkWordSubstitutions } from './substitutions.js';

/**
 * A command's redirections, in order: the commands their words run, what
 * each fd points at after them, and the files they write (`literalOutput`:
 * the text the command writes there, when it is a literal).
 */
export function walkRedirects(w: WalkState, redirects: readonly Redirect[], scope: Scope, dialect: Dialect, literalOutput: string | null = null): void {
  for (const redirect of redirects) {
    walkWordSubstitutions(w, redirect.target, scope, dialect);
    if (redirect.heredoc && !redirect.heredoc.quoted) walkWordSubstitutions(w, redirect.heredoc.body, scope, dialect);
    const writes = opensForWriting(redirect, dialect);
    // `> >(tee log)`: the target is the pipe (or zsh's temp file) the substitution makes; what runs inside was walked above
    const parts = redirect.target.parts;
    const toPipe = parts.length === 1 && parts[0]!.type === 'ProcessSubstitution';
    const opened = toPipe || redirect.heredoc || redirect.operator === '<<<' ? null : openedFile(argument(w, redirect.target, scope, dialect), scope);
    pointFds(redirect, opened, scope);
    if (!writes || toPipe || !opened) continue;
    const arg = opened.arg;
    const target = w.targetHere(redirect.target, arg.value, opened.dirs, scope, redirect.operator);
    w.effects.push({ kind: 'write', ...target, recursive: false, extraction: false, redirection: true, hardLinkSource: false });
    if (!isHarmlessDevice(arg)) {
      w.facts.wrote = true;
      w.facts.noteName(arg, opened.dirs, false);
    }
    const appends = redirect.operator.startsWith('>>') || redirect.operator === '&>>';
    w.facts.noteContent(arg, opened.dirs, appends ? null : literalOutput);
  }
}

/** The file a target names: a device for an fd the line pointed at a file is that file. */
export function openedFile(arg: Argument, scope: Scope): OpenFile {
  const fd = arg.text === null ? null : deviceFd(arg.text);
  const file = fd === null ? undefined : scope.fds.get(fd);
  if (file) return { arg: { ...file.arg, word: { ...file.arg.word, span: arg.word.span } }, dirs: file.dirs };
  return { arg, dirs: scope.dirs };
}

/** What each fd points at after a redirection: a file, or (heredoc, pipe, dup of the harness's own) nothing to track. */
function pointFds(redirect: Redirect, opened: OpenFile | null, scope: Scope): void {
  const op = redirect.operator;
  const input = op.startsWith('<');
  const fd = redirect.fd ?? (input ? 0 : 1);
  if (redirect.fdVariable !== null) return; // `{v}>file`: a new fd the shell picks; writes to it by number are not fixed words anyway
  const duplicate = op === '<&' || op === '>&';
  const source = duplicate ? literalWord(redirect.target) : null;
  if (duplicate && source !== null && /^[0-9]+$/.test(source)) {
    const from = scope.fds.get(Number(source));
    if (from) scope.fds.set(fd, from);
    else scope.fds.delete(fd);
    return;
  }
  if (duplicate && source === '-') {
    scope.fds.delete(fd);
    return;
  }
  const both = op === '&>' || op === '&>>' || op === '&>|' || op === '&>!' || (op.startsWith('>&') && redirect.fd === null) || op.startsWith('>>&');
  for (const n of both ? [1, 2] : [fd]) {
    if (opened) scope.fds.set(n, opened);
    else scope.fds.delete(n);
  }
}

/** The fd a device path stands for: `/dev/stdin` 0, `/dev/stdout` 1, `/dev/stderr` 2, `/dev/fd/N` N. */
export function deviceFd(path: string): number | null {
  if (path === '/dev/stdin') return 0;
  if (path === '/dev/stdout') return 1;
  if (path === '/dev/stderr') return 2;
  const m = /^\/dev\/fd\/([0-9]+)$/.exec(path);
  return m ? Number(m[1]) : null;
}

/** Whether a redirection opens its target for writing (a dup `>&2` or `>&-` does not). */
export function opensForWriting(redirect: Redirect, dialect: Dialect): boolean {
  switch (redirect.operator) {
    case '<': case '<<': case '<<-': case '<<<': case '<&':
      return false;
    case '>&': {
      const target = literalWord(redirect.target);
      if (target !== null && (/^[0-9]+$/.test(target) || target === '-')) return false;
      // sh: `>&word` with a word is a run-time error, nothing is opened
      return dialect.ampersandRedirect;
    }
    default:
      return true;
  }
}

/** `cat <<'EOF' > file`: the literal text the command writes (a quoted here-document copied by a program that copies its stdin). */
export function literalCopyOutput(command: SimpleCommand): string | null {
  if (!copiesStdinToStdout(command.words.map(literalWord))) return null;
  const heredoc = command.redirects.find((r) => r.heredoc && (r.fd ?? 0) === 0)?.heredoc;
  if (!heredoc || !heredoc.quoted) return null;
  const text = literalWord(heredoc.body);
  return text === null ? null : heredoc.stripTabs ? text.replace(/^\t+/gm, '') : text;
}

/**
 * What a command reads on stdin when the line fixes it: a here-document's
 * body or a here-string (null when stdin is redirected from elsewhere).
 */
export function stdinOf(command: SimpleCommand): string | null | undefined {
  let text: string | null | undefined;
  for (const redirect of command.redirects) {
    const fd = redirect.fd ?? (redirect.operator.startsWith('<') ? 0 : 1);
    if (fd !== 0) continue;
    if (redirect.heredoc) {
      text = literalWord(redirect.heredoc.body);
      if (text !== null && redirect.heredoc.stripTabs) text = text.replace(/^\t+/gm, '');
    } else if (redirect.operator === '<<<') {
      const t = literalWord(redirect.target);
      text = t === null ? null : t + '\n';
    } else if (redirect.operator === '<' || redirect.operator === '<>' || redirect.operator === '<&') text = null;
  }
  return text;
}
