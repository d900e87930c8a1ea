// The program table read directly (src/approver/programs/index.ts
// `readProgram`), for the per-family tables of test/programs/: one line,
// one simple command, its words evaluated as the walk evaluates them in a
// fresh shell, and what its row says it does, each action in short:
//
//   remove a (recursive)            rm -r a
//   write out (extraction, recursive)   tar -xzf a.tgz -C out
//   run: make all                   nice make all
//   shell-code (sh): echo hi        sh -c 'echo hi'
//   runs code (unfixed) via `tar --to-command`
//
// A word the line does not fix shows as `?` and why (`?url-name`); paths
// another program lists as `{listed by find}`; directories other than the
// working tree's as `in /dir` (`in ?` where they are unknown).

import { posix } from 'node:path';
import { expect, it } from 'vitest';
import type { Action, ProgramContext } from '../../src/approver/core/actions.js';
import type { Argument } from '../../src/approver/core/arguments.js';
import type { Directories, Effect } from '../../src/approver/core/effects.js';
import { evaluateWord, type WordContext } from '../../src/approver/core/words.js';
import { agentPrograms, readProgram } from '../../src/approver/programs/index.js';
import { parse } from '../../src/parser/parser.js';
import { dialects, type DialectName } from '../../src/syntax/dialect.js';

/** The working tree the lines run in, and the home and temp directories. */
export const work = '/work/tree';
export const home = '/home/agent';
export const tempDir = '/tmp';

/** What the command's shell and line give it, beyond a fresh shell in the tree. */
export interface Setting {
  dialect?: DialectName;
  /** The environment the line inherits. */
  env?: Record<string, string>;
  /** Names the line gives the command (`A=1 cmd`), to their fixed text or null. */
  environment?: Record<string, string | null>;
  /** Names the configuration lists as wrappers. */
  wrappers?: string[];
  inlineCode?: ProgramContext['inlineCode'];
  /** Files an earlier part of the line wrote, to their literal text (null: not known). */
  written?: Record<string, string | null>;
  fedByPipe?: boolean;
  stdinText?: string;
  /** POSIXLY_CORRECT may be in the command's environment (the walk works this out; ProgramContext `posixlyCorrect`). */
  posixlyCorrect?: boolean;
  /** Show the words a row hands on as an unknown program's (`(handed)`, programs/unknown.ts); left out unless asked. */
  handed?: boolean;
  /** Whose tools run the line (ApproveOptions `platform`); absent: not known, so rows with a BSD reading read both ways. */
  platform?: 'linux' | 'darwin';
}

/** What `line`'s one simple command does, as its program's row reads it. */
export function readLine(line: string, setting: Setting = {}): Action[] {
  const dialect = dialects[setting.dialect ?? 'bash'];
  const script = parse(line, { dialect: dialect.name });
  const commands = script.body.flatMap((s) => s.andOr.pipelines.flatMap((p) => p.commands));
  const command = commands[0];
  if (commands.length !== 1 || command?.type !== 'SimpleCommand') throw new Error(`not one simple command: ${line}`);
  const wordContext: WordContext = {
    dialect,
    parameters: new Map([['HOME', home], ['PWD', work]]),
    home,
    cwd: work,
    splittingChanged: false,
  };
  const args: Argument[] = command.words.flatMap((word): Argument[] => {
    const value = evaluateWord(word, wordContext);
    if (value.kind !== 'fixed') return [{ word, value, text: null }];
    return value.fields.map((field) => ({ word, value: { kind: 'fixed' as const, fields: [field] }, text: field.glob ? null : field.text }));
  });
  const written = new Map(Object.entries(setting.written ?? {}).map(([path, text]) => [posix.resolve(work, path), text]));
  const ctx: ProgramContext = {
    dialect,
    home,
    tempDir,
    env: setting.env ?? {},
    environment: new Map(Object.entries(setting.environment ?? {})),
    fedByPipe: setting.fedByPipe ?? false,
    agentNames: new Set(agentPrograms),
    wrappers: new Set(setting.wrappers ?? []),
    inlineCode: setting.inlineCode ?? 'scan',
    wordContext,
    dirs: [work],
    writtenBefore: () => written.size > 0,
    contentOf: (path) => {
      const text = written.get(posix.resolve(work, path));
      return text === undefined ? null : { literal: text };
    },
    written: () => ({ files: [...written].map(([path, literal]) => ({ path, literal })), unknown: false }),
    parameterFixed: () => false,
    ...(setting.stdinText !== undefined ? { stdinText: setting.stdinText } : {}),
    ...(setting.platform ? { platform: setting.platform } : {}),
    ...(setting.posixlyCorrect ? { posixlyCorrect: true } : {}),
  };
  const name = args[0]?.text;
  if (name === null || name === undefined) throw new Error(`no fixed command word: ${line}`);
  return readProgram(name, args, ctx, command.span);
}

/** Each action of `line` in short (see the header). */
export function described(line: string, setting: Setting = {}): string[] {
  return readLine(line, setting).filter((a) => setting.handed === true || !(a.kind === 'write' && a.handed)).map(describeAction);
}

/** A line of a family's table: the command, then each action its row reads, in order. */
export type Case = [line: string, ...actions: string[]];

/** Check a family's table, one test a line. */
export function checkTable(cases: readonly Case[], setting: Setting = {}): void {
  it.each(cases)('%s', (line, ...actions) => {
    expect(described(line, setting)).toEqual(actions);
  });
}

function shownArgument(arg: Argument): string {
  if (arg.listed) return `{listed by ${arg.listed.by}}`;
  if (arg.text !== null) return arg.text;
  if (arg.value.kind === 'fixed') return arg.value.fields.map((f) => f.text).join(' ');
  return `?${arg.value.why.source}`;
}

function shownDirs(dirs: Directories | undefined): string {
  if (dirs === undefined || (dirs !== null && dirs.length === 1 && dirs[0] === work)) return '';
  return dirs === null ? ' in ?' : ` in ${dirs.join(' ')}`;
}

function flags(names: (string | false | undefined)[]): string {
  const set = names.filter((n): n is string => typeof n === 'string');
  return set.length > 0 ? ` (${set.join(', ')})` : '';
}

export function describeAction(action: Action): string {
  switch (action.kind) {
    case 'remove':
      return `remove ${shownArgument(action.arg)}${shownDirs(action.dirs)}` + flags([
        action.recursive && 'recursive',
        action.belowOnly && 'below only',
        action.findFilter && 'filtered',
        action.followLast && 'follows a last link',
        action.skipsGitDirectory && 'not .git',
      ]);
    case 'write':
      return `write ${shownArgument(action.arg)}${shownDirs(action.dirs)}` + flags([
        action.extraction && 'extraction',
        action.recursive && 'recursive',
        action.hardLinkSource && 'hard-link source',
        action.content === false && 'no content',
        action.fresh && 'fresh',
        action.handed && 'handed',
      ]);
    case 'place':
      return `place ${shownArgument(action.arg)}${shownDirs(action.dirs)}`;
    case 'archive':
      return `archive ${shownArgument(action.arg)}: ${action.sources === null ? 'not read' : `${action.sources.map((s) => `${s.from !== undefined ? `-C ${s.from} ` : ''}${shownArgument(s.arg)}`).join(' ')} (links ${action.links})`}`;
    case 'run': {
      const environment = (action.environment ?? []).map(([name, value]) => `${name}=${value} `).join('');
      return `run: ${environment}${action.argv.map(shownArgument).join(' ')}${shownDirs(action.dirs)}`;
    }
    case 'shell-code':
      return `shell-code (${[action.dialect, ...action.alsoIn ?? []].join('|')}): ${action.code}${shownDirs(action.dirs)}` +
        (action.startupUnread ? ' (startup unread)' : '');
    case 'unknown-shell-state':
      return `unknown shell state: ${action.what}`;
    case 'variables':
      return `variables ${action.assignments.map((a) => `${a.name}=${a.value ?? '?'}`).join(' ')}`;
    case 'cd':
      return `cd ${typeof action.to === 'string' ? action.to : action.to.path}${action.push ? ' (push)' : ''}`;
    case 'effect':
      return describeEffect(action.effect);
    case 'git-setting':
      return `git setting ${action.setting}: ${action.problem ? `?${action.problem.source}` : action.command ?? 'hooks'}${shownDirs(action.dirs)}`;
    case 'set-options':
      return 'set options' + flags([action.globDots && 'glob dots', action.expansionChanged && 'expansion changed', action.cdableVars && 'cdable vars',
        action.rows && `rows ${Object.keys(action.rows).join(' ')}`]);
    case 'alias':
      return `alias ${action.names.join(' ')}`;
    case 'integer':
      return `integer ${action.names.join(' ')}`;
    case 'hash':
      return `hash ${action.names.join(' ')}`;
    case 'forget-parameters':
      return `forget ${action.names.join(' ')}`;
  }
}

function describeEffect(effect: Effect): string {
  switch (effect.kind) {
    case 'runs-code':
      return `runs code (${effect.source})${'via' in effect && typeof effect.via === 'string' ? ` via ${effect.via}` : ''}`;
    case 'agent':
      return `agent ${effect.name}` + flags(effect.checksOff);
    case 'inline-code':
      return `inline ${effect.language}${effect.finding ? ` (${effect.finding.source})` : ''}`;
    case 'crontab':
      return 'crontab install';
    case 'too-complex':
      return `too complex (${effect.past.source})`;
    case 'git-history':
      return `git-history ${effect.id} (${typeof effect.form === 'string' ? effect.form : `unfixed ${effect.form.unfixed}`})`;
    default:
      return effect.kind;
  }
}
