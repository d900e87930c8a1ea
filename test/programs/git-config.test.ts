// git's configuration beyond `-c` (src/approver/programs/git-config.ts,
// issue 13 item 4), from git-config(1), git(1) "ENVIRONMENT VARIABLES" and
// git-init(1) "TEMPLATE DIRECTORY": settings git runs as commands, files of
// configuration or hooks it pulls in, trace2's files, and the work tree
// `--work-tree`/GIT_WORK_TREE points a writing subcommand at.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configEntries } from '../../src/approver/programs/git-config.js';
import { checkTable, type Case } from '../support/programs.js';

const settings: Case[] = [
  ["git -c trailer.x.command='rm -rf ~' commit", 'git setting trailer.x.command: rm -rf ~'],
  ["git -c trailer.sign.cmd='sh x' interpret-trailers", 'git setting trailer.sign.cmd: sh x'],
  ["git -c gpg.ssh.defaultKeyCommand='sh k' commit -S", 'git setting gpg.ssh.defaultKeyCommand: sh k'],
  ["git -c core.gitProxy='sh p' fetch", 'git setting core.gitProxy: sh p'],
  ["git -c core.alternateRefsCommand='sh a' push", 'git setting core.alternateRefsCommand: sh a'],
  ["git -c sendemail.work.smtpServer=/x/relay send-email", 'git setting sendemail.work.smtpServer: /x/relay'],
  ["git -c sendemail.headerCmd='sh h' send-email", 'git setting sendemail.headerCmd: sh h'],
  ["git -c browser.x.cmd='sh b' help -w log", 'git setting browser.x.cmd: sh b'],
  ["git -c mergetool.x.path=./t mergetool", 'git setting mergetool.x.path: ./t'],
  ["git -c 'submodule.m.update=!sh u' submodule update", 'git setting submodule.m.update: sh u'],
  ['git -c submodule.m.update=rebase submodule update'],
  // files of configuration and hooks
  ['git -c include.path=/tmp/x.inc status', 'git setting include.path: ?config-file'],
  ['git -c includeIf.gitdir:/x/.path=/tmp/x.inc status', 'git setting includeIf.gitdir:/x/.path: ?config-file'],
  ['git -c init.templateDir=/tmp/t init', 'git setting init.templateDir: ?config-file'],
  ['git init --template=/tmp/t', 'git setting --template: ?config-file'],
  ['git clone --template /tmp/t url dir', 'git setting --template: ?config-file', 'write dir (recursive)'],
  // trace2 writes its target
  ['git -c trace2.eventTarget=/home/agent/.bashrc status', 'write /home/agent/.bashrc'],
  ['git -c trace2.normalTarget=1 status'],
];

const environment: Case[] = [
  ['git status'],
  ['git log -- .git'],
];

const workTree: Case[] = [
  ['git --work-tree=/home/agent checkout -- .bashrc', 'write /home/agent (recursive)', 'git-history git-discards-changes (checkout -- paths)'],
  ['git --work-tree /home/agent reset --hard', 'write /home/agent (recursive)', 'git-history git-discards-changes (reset --hard)'],
  ['git --work-tree=/home/agent status'],
  ['git --work-tree=. checkout -- a.txt', 'git-history git-discards-changes (checkout -- paths)'], // the pack's fact, inert unless the git-history pack is on
  ['git checkout-index -a --prefix=/home/agent/', 'write /home/agent/ (recursive)'],
];

describe('settings git runs, and files it reads', () => checkTable(settings));
describe('git without them', () => checkTable(environment));
describe('the work tree git is pointed at', () => checkTable(workTree));
describe('variables that pull in configuration', () => {
  checkTable([['git status', 'git setting GIT_CONFIG_GLOBAL: ?config-file']], { environment: { GIT_CONFIG_GLOBAL: '/tmp/g' } });
  checkTable([['git status']], { environment: { GIT_CONFIG_GLOBAL: '/dev/null' } });
  // a HOME the line gives a program is also where it may write (programs/home-variables.ts, issue 12 class 5)
  checkTable([['git status', 'git setting HOME: ?config-file', 'write /tmp/h (recursive)']], { environment: { HOME: '/tmp/h' } });
  checkTable([['git status', 'runs code (changes-commands) via `GIT_EXEC_PATH`']], { environment: { GIT_EXEC_PATH: '/tmp/x' } });
  checkTable([['git init', 'git setting GIT_TEMPLATE_DIR: ?config-file']], { environment: { GIT_TEMPLATE_DIR: '/tmp/t' } });
  checkTable([['git checkout -- .bashrc', 'write /home/agent (recursive)', 'git-history git-discards-changes (checkout -- paths)']],
    { environment: { GIT_WORK_TREE: '/home/agent' } });
});

// An include file the line wrote from literal text (issue 13 item 4, last clause) is read as git-config(1)
// "CONFIGURATION FILE" syntax, and each of its keys judged as the `-c` setting it would be; any other file, an
// include inside it, text that does not read as configuration, or an alias for the subcommand is refused as before.
const literalConfig = '[user]\n\tname = A\n[color "diff"]\n\tmeta = yellow ; a comment\n';
const commandConfig = '[core]\n\tpager = "less -R"\n[alias]\n\tlg = "!sh -c \\"rm -rf ~\\""\n';
describe('include files the line wrote from literal text', () => {
  checkTable([
    ['git -c include.path=plain.cfg log'],
    ['git -c includeIf.onbranch:main.path=plain.cfg log'],
    ['git -c include.path=cmd.cfg lg', 'git setting core.pager: less -R', 'git setting alias.lg: sh -c "rm -rf ~"'],
    ['git -c include.path=nested.cfg log', 'git setting include.path: ?config-file'],
    ['git -c include.path=alias.cfg st', 'git setting alias.st: ?config-file'],
    ['git -c include.path=alias.cfg log'],
    ['git -c include.path=bad.cfg log', 'git setting include.path: ?config-file'],
    ['git -c include.path=unknown.cfg log', 'git setting include.path: ?config-file'],
    ['git -c include.path=other.cfg log', 'git setting include.path: ?config-file'],
  ], {
    written: {
      'plain.cfg': literalConfig, 'cmd.cfg': commandConfig, 'nested.cfg': '[include]\n\tpath = x\n', 'alias.cfg': '[alias]\n\tst = clean -fdx /\n',
      'bad.cfg': 'not = a section\n', 'unknown.cfg': null,
    },
  });
  checkTable([['git status']], { written: { 'g.cfg': literalConfig }, environment: { GIT_CONFIG_GLOBAL: 'g.cfg' } });
  checkTable([['git status', 'git setting core.pager: less -R', 'git setting alias.lg: sh -c "rm -rf ~"']], { written: { 'g.cfg': commandConfig }, environment: { GIT_CONFIG_SYSTEM: 'g.cfg' } });
  checkTable([['git status', 'git setting GIT_CONFIG: ?config-file']], { written: { 'g.cfg': null }, environment: { GIT_CONFIG: 'g.cfg' } });
});

// The reader of configuration text against git's own (`git config -f FILE --list`, git 2.39): the same keys and values
// for each text it reads (a bare key is true) (git lower-cases section and key names, keeps a subsection's case).
describe('configuration text, as git reads it', () => {
  const texts = [
    literalConfig,
    commandConfig,
    '[Core]\n\tPager = less\n[remote "Origin"]\n\turl = x  # c\n[section.Sub]\n\tk\n',
    '[a]\n\tk = "x ; y" # c\n\tm = one \\\n two\n',
  ];
  it.each(texts)('%j', (text) => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-config-'));
    try {
      writeFileSync(join(dir, 'c'), text);
      const listed = spawnSync('git', ['config', '-f', join(dir, 'c'), '--list'], { encoding: 'utf8' });
      expect(listed.status).toBe(0);
      const ours = configEntries(text)!.map((e) => `${e.key}=${e.value}`);
      // git lists a bare key (a boolean) without `=`: it reads as true
      expect(ours).toEqual(listed.stdout.trim().split('\n').map((l) => (l.includes('=') ? l : `${l}=true`)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// A git directory the line wrote into (a bare repository it made: `git init --bare r.git && … > r.git/config`) is
// not under a `.git` name, so the write is not protected; git then takes that config and its hooks as its own
// when pointed at the directory (`--git-dir`, GIT_DIR, `-C`) or run below it (its discovery walks up): checked with
// git 2.39 (`alias.l = !echo …` in r.git/config runs from `git --git-dir r.git l`, `git -C r.git l` and from r.git/refs).
describe('a git directory the line wrote into', () => {
  checkTable([
    ['git --git-dir r.git lg', 'git setting core.pager: less -R in /work/tree/r.git', 'git setting alias.lg: sh -c "rm -rf ~" in /work/tree/r.git'],
    ['git -C r.git lg', 'git setting core.pager: less -R in /work/tree/r.git', 'git setting alias.lg: sh -c "rm -rf ~" in /work/tree/r.git'],
    ['git -C r.git/refs lg', 'git setting core.pager: less -R in /work/tree/r.git/refs', 'git setting alias.lg: sh -c "rm -rf ~" in /work/tree/r.git/refs'],
    ['git --git-dir=r.git log', 'git setting core.pager: less -R in /work/tree/r.git', 'git setting alias.lg: sh -c "rm -rf ~" in /work/tree/r.git'],
    ['git -C other log'],
  ], { written: { 'r.git/config': commandConfig, 'p.git/config': literalConfig } });
  checkTable([
    ['git --git-dir p.git log'],
    ['GIT_DIR=p.git git log'],
  ], { written: { 'p.git/config': literalConfig } });
  checkTable([
    ['git --git-dir u.git log', 'git setting /work/tree/u.git/config: ?repository-file in /work/tree/u.git'],
    ['git --git-dir h.git commit -m x', 'git setting /work/tree/h.git/hooks/pre-commit: ?repository-file in /work/tree/h.git'],
    ['git --git-dir other.git log'],
  ], { written: { 'u.git/config': null, 'h.git/hooks/pre-commit': 'rm -rf ~\n' } });
});
