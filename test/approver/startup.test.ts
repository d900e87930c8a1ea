// Reading the user's startup files for dot globbing (src/approver/startup.ts):
// the same answers as the plain regular expressions it replaced, each line on
// its own, and no input that makes it restart at every line.

import fc from 'fast-check';
import { Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { sourcedFiles, startupGlobDots, startupSources, turnsOnDotGlob } from '../../src/approver/core/startup.js';
import { fileSystemFrom } from '../../src/approver/fs.js';
import { budgets } from '../../src/budgets.js';
import { dialects, type DialectName } from '../../src/syntax/dialect.js';

/** The regular expressions treeward used to run over the whole file, with their blanks kept inside a line (`[^\S\n]` for `\s`). */
function byWholeTextRegex(text: string): boolean {
  return /\bshopt[^\S\n]+(-\w+[^\S\n]+)*-s[^\S\n]+[^\n;#]*\bdotglob\b/.test(text)
    || /\bset(opt)?[^\S\n]+[^\n;#]*\b(glob_?dots|GLOB_?DOTS)\b/i.test(text)
    || /\bset[^\S\n]+-o[^\S\n]+(glob_?dots)\b/i.test(text)
    || /^[^\S\n]*(export[^\S\n]+)?GLOBIGNORE=/m.test(text);
}

describe('startup files: does a line turn dot globbing on', () => {
  it.each([
    ['shopt -s dotglob', true],
    ['shopt -q -s extglob dotglob', true],
    ['shopt -s extglob; shopt -u dotglob', false],
    ['shopt -u dotglob', false],
    ['shopt x -s dotglob', false],
    ['shopt -s nodotglob', false],
    ['setopt globdots', true],
    ['setopt GLOB_DOTS', true],
    ['set -o globdots', true],
    ['setopt extendedglob', false],
    ['# setopt globdots', true],
    ['  export GLOBIGNORE=.:..', true],
    ['GLOBIGNORE=', true],
    ['echo GLOBIGNORE=x', false],
    ['alias ll="ls -la"\n\nshopt -s histappend\n', false],
  ])('%j: %s', (text, expected) => {
    expect(turnsOnDotGlob(text)).toBe(expected);
    expect(byWholeTextRegex(text)).toBe(expected);
  });

  it('answers as the whole-text expressions do, on texts built from their pieces', () => {
    const piece = fc.constantFrom('shopt', 'set', 'setopt', 'SETOPT', ' ', '  ', '\t', '-s', '-q', '-u', '-o', '-s-', 'dotglob', 'nodotglob', 'globdots', 'glob_dots', 'GLOB_DOTS', 'x', ';', '#', '\n', 'export', 'GLOBIGNORE=', '=');
    fc.assert(fc.property(fc.array(piece, { maxLength: 14 }).map((p) => p.join('')), (text) => {
      expect(turnsOnDotGlob(text)).toBe(byWholeTextRegex(text));
    }), { numRuns: 20_000 });
  });

  it('reads a file of the largest size read (1 MiB) without restarting at every line or word', () => {
    // each of these made the whole-text expressions quadratic: minutes at this size
    expect(turnsOnDotGlob('\n'.repeat(1 << 20))).toBe(false);
    expect(turnsOnDotGlob('set '.repeat(1 << 18))).toBe(false);
    expect(turnsOnDotGlob(`shopt${' -s'.repeat(300_000)} x`)).toBe(false);
    expect(turnsOnDotGlob(`${'shopt -q x '.repeat(100_000)}-s dotglob`)).toBe(false);
    expect(turnsOnDotGlob(`${'shopt -q '.repeat(100_000)}-s dotglob`)).toBe(true);
    expect(turnsOnDotGlob(`${'\n'.repeat(1 << 19)}setopt globdots`)).toBe(true);
    // and the sourced paths in it
    expect(startupSources('\n'.repeat(1 << 20), '/home/u')).toEqual({ files: [], directories: [] });
    expect(startupSources('. '.repeat(1 << 18), '/home/u')?.files.length).toBe(1);
    expect(startupSources(`${'if '.repeat(1 << 17)}x`, '/home/u')).toEqual({ files: [], directories: [] });
  });
});

// zsh reads option names in any case and with underscores anywhere, and `no` turns a name around
// (zsh(1) OPTIONS, "Description of Options"); each case was run in zsh 5.9 with `zsh -f -c
// 'CASE; [[ -o globdots ]]'` (issue 13 item 8).
describe('startup files: zsh spellings of GLOB_DOTS', () => {
  it.each([
    ['unsetopt noglobdots', true],
    ['unsetopt NO_GLOB_DOTS', true],
    ['setopt G_l_O_b_dots', true],
    ['set +o noglobdots', true],
    ['set -4', true],
    ['setopt -4', true],
    ['setopt no_glob_dots', false],
    ['unsetopt globdots', false],
    ['set -o noglobdots', false],
    ['unsetopt extendedglob', false],
  ])('%j: %s', (text, expected) => {
    expect(turnsOnDotGlob(text)).toBe(expected);
  });
});

describe('startup files: which are read, and the files they source', () => {
  const home = '/home/u';
  function fsOf(files: Record<string, string>) {
    const vol = new Volume();
    vol.fromJSON(files);
    return fileSystemFrom(vol as never);
  }
  const on = 'setopt globdots\n';

  it.each<[string, Record<string, string>, Record<string, string>, DialectName, boolean]>([
    ['~/.zshrc', { '/home/u/.zshrc': on }, {}, 'zsh', true],
    ['ZDOTDIR replaces the home', { '/home/u/.zshrc': on }, { ZDOTDIR: '/z' }, 'zsh', false],
    ['$ZDOTDIR/.zshenv', { '/z/.zshenv': on }, { ZDOTDIR: '/z' }, 'zsh', true],
    ['BASH_ENV', { '/etc/b.sh': 'shopt -s dotglob\n' }, { BASH_ENV: '/etc/b.sh' }, 'bash', true],
    ['BASH_ENV under ~', { '/home/u/b.sh': 'shopt -s dotglob\n' }, { BASH_ENV: '~/b.sh' }, 'bash', true],
    ['ENV for sh', { '/home/u/.shinit': 'GLOBIGNORE=.\n' }, { ENV: '/home/u/.shinit' }, 'sh', true],
    ['ENV is not bash -c', { '/home/u/.shinit': 'shopt -s dotglob\n' }, { ENV: '/home/u/.shinit' }, 'bash', false],
    ['source, relative to home', { '/home/u/.bashrc': 'source .bash_aliases\n', '/home/u/.bash_aliases': 'shopt -s dotglob\n' }, {}, 'bash', true],
    ['. with $HOME', { '/home/u/.zshrc': '[ -f x ] && . "$HOME/.zsh/opts.zsh"\n', '/home/u/.zsh/opts.zsh': on }, {}, 'zsh', true],
    ['$ZDOTDIR in a sourced path', { '/z/.zshrc': 'source $ZDOTDIR/o.zsh\n', '/z/o.zsh': 'unsetopt noglobdots\n' }, { ZDOTDIR: '/z' }, 'zsh', true],
    ['a chain', { '/home/u/.zshrc': 'source ~/a\n', '/home/u/a': 'source ~/b\n', '/home/u/b': on }, {}, 'zsh', true],
    ['a cycle ends', { '/home/u/.zshrc': 'source ~/.zshrc\n' }, {}, 'zsh', false],
    // issue 13: a sourced path the shell fixes by a variable treeward does not know may name any file, which may set any option
    ['a variable treeward does not know: dot globbing assumed', { '/home/u/.zshrc': 'source $ZSH/oh-my-zsh.sh\n' }, {}, 'zsh', true],
    ['a loop over a glob', { '/home/u/.zshrc': 'for f in ~/.zsh/*.zsh; do source "$f"; done\n' }, {}, 'zsh', true],
    ['a glob sourced', { '/home/u/.zshrc': 'source ~/.zsh/*.zsh\n' }, {}, 'zsh', true],
    ['a command substitution', { '/home/u/.zshrc': 'source "$(brew --prefix)/share/x.zsh"\n' }, {}, 'zsh', true],
    ['another user\'s home', { '/home/u/.bashrc': '. ~root/x\n' }, {}, 'bash', true],
    ['a positional parameter', { '/home/u/.bashrc': '. "$1"\n' }, {}, 'bash', true],
    ['a variable with nothing dot-globbing', { '/home/u/.bashrc': 'echo $PATH; x=$HOME\n' }, {}, 'bash', false],
    ['[ -f ~/.bash_aliases ] && . ~/.bash_aliases',
      { '/home/u/.bashrc': '[ -f ~/.bash_aliases ] && . ~/.bash_aliases\n', '/home/u/.bash_aliases': 'shopt -s dotglob\n' }, {}, 'bash', true],
    ['the same, harmless', { '/home/u/.bashrc': '[ -f ~/.bash_aliases ] && . ~/.bash_aliases\n', '/home/u/.bash_aliases': 'alias l=ls\n' }, {}, 'bash', false],
    ['${HOME}, quoted', { '/home/u/.zshrc': '. "${HOME}/.config/zsh/aliases"\n', '/home/u/.config/zsh/aliases': on }, {}, 'zsh', true],
    ['a quoted path with a blank', { '/home/u/.zshrc': 'source "$HOME/my files/o.zsh"\n', '/home/u/my files/o.zsh': on }, {}, 'zsh', true],
    ['$XDG_CONFIG_HOME from the environment', { '/home/u/.zshrc': 'source $XDG_CONFIG_HOME/zsh/o\n', '/x/zsh/o': on }, { XDG_CONFIG_HOME: '/x' }, 'zsh', true],
    ['$XDG_CONFIG_HOME unset: the default ~/.config too', { '/home/u/.zshrc': 'source $XDG_CONFIG_HOME/zsh/o\n', '/home/u/.config/zsh/o': on }, {}, 'zsh', true],
    ['${XDG_CONFIG_HOME:-$HOME/.config}', { '/home/u/.bashrc': '. "${XDG_CONFIG_HOME:-$HOME/.config}/bash/o"\n', '/home/u/.config/bash/o': 'shopt -s dotglob\n' },
      {}, 'bash', true],
    ['${XDG_CONFIG_HOME:-…} set elsewhere', { '/home/u/.bashrc': '. "${XDG_CONFIG_HOME:-$HOME/.config}/bash/o"\n', '/x/bash/o': 'shopt -s dotglob\n' },
      { XDG_CONFIG_HOME: '/x' }, 'bash', true],
    ['$ZDOTDIR unset in zsh: the home', { '/home/u/.zshrc': 'source $ZDOTDIR/o.zsh\n', '/home/u/o.zsh': on }, {}, 'zsh', true],
    ['ZDOTDIR set by ~/.zshenv: zsh reads .zshrc there',
      { '/home/u/.zshenv': 'export ZDOTDIR="$HOME/.config/zsh"\n', '/home/u/.config/zsh/.zshrc': on }, {}, 'zsh', true],
    ['ZDOTDIR set by ~/.zshenv, then used', { '/home/u/.zshenv': 'export ZDOTDIR=~/.config/zsh\n',
      '/home/u/.config/zsh/.zshrc': 'source $ZDOTDIR/aliases.zsh\n', '/home/u/.config/zsh/aliases.zsh': on }, {}, 'zsh', true],
    ['ZDOTDIR set by ~/.zshenv, nothing there', { '/home/u/.zshenv': 'export ZDOTDIR=~/.config/zsh\n', '/home/u/.config/zsh/.zshrc': 'alias l=ls\n' }, {},
      'zsh', false],
    ['ZDOTDIR set to what treeward cannot fix', { '/home/u/.zshenv': 'ZDOTDIR=$(dirname $0)\n' }, {}, 'zsh', true],
    ['a missing file', { '/home/u/.zshrc': 'source ~/nothing\n' }, {}, 'zsh', false],
    // issue 13 item 8: code handed to the shell as text. `eval` of a program's output may set any option (zsh 5.9, bash 5.2 measured)
    ['eval of a command substitution', { '/home/u/.zshrc': 'eval "$(starship init zsh)"\n' }, {}, 'zsh', true],
    ['eval of one unquoted', { '/home/u/.bashrc': 'eval $(pyenv init -)\n' }, {}, 'bash', true],
    ['eval of backquotes', { '/home/u/.bashrc': 'eval `opam env`\n' }, {}, 'bash', true],
    ['eval after a test', { '/home/u/.zshrc': 'command -v direnv >/dev/null && eval "$(direnv hook zsh)"\n' }, {}, 'zsh', true],
    ['eval in a then', { '/home/u/.zshrc': 'if [ -x /opt/x ]; then eval "$(/opt/x env)"; fi\n' }, {}, 'zsh', true],
    ['eval in a function body', { '/home/u/.zshrc': 'load() { eval "$(pyenv init -)"; }\n' }, {}, 'zsh', true],
    ['eval of a variable treeward does not know', { '/home/u/.bashrc': 'eval "$PROMPT_SETUP"\n' }, {}, 'bash', true],
    ['eval of literal text, harmless', { '/home/u/.bashrc': "eval 'alias l=ls'\n" }, {}, 'bash', false],
    ['eval of literal text that sources', { '/home/u/.zshrc': "eval 'source ~/o.zsh'\n", '/home/u/o.zsh': on }, {}, 'zsh', true],
    ['eval of literal text that sources, harmless', { '/home/u/.zshrc': "eval 'source ~/o.zsh'\n", '/home/u/o.zsh': 'alias l=ls\n' }, {}, 'zsh', false],
    ['evaluation is not a word here', { '/home/u/.zshrc': 'echo evaluate "$(date)"\n' }, {}, 'zsh', false],
    // programs whose output only sets variables (each run): Debian's default ~/.bashrc evals the first two
    ['eval of dircolors and lesspipe, as Debian\'s ~/.bashrc', { '/home/u/.bashrc': '[ -x /usr/bin/lesspipe ] && eval "$(SHELL=/bin/sh lesspipe)"\n' +
      'test -r ~/.dircolors && eval "$(dircolors -b ~/.dircolors)" || eval "$(dircolors -b)"\n' }, {}, 'bash', false],
    ['eval of ssh-agent', { '/home/u/.zshrc': 'eval $(ssh-agent -s) > /dev/null\n' }, {}, 'zsh', false],
    ['eval of ssh-agent into a file', { '/home/u/.zshrc': 'eval $(ssh-agent -s) > ~/log\n' }, {}, 'zsh', true],
    ['eval of ssh-agent, backquoted', { '/home/u/.bashrc': 'eval `ssh-agent -s`\n' }, {}, 'bash', false],
    ['eval of dircolors with a substitution in its arguments', { '/home/u/.bashrc': 'eval "$(dircolors -b $(x))"\n' }, {}, 'bash', true],
    ['eval of dircolors and more', { '/home/u/.bashrc': 'eval "$(dircolors -b; cat ~/o)"\n' }, {}, 'bash', true],
    ['eval of a program named like one', { '/home/u/.bashrc': 'eval "$(./dircolors-x)"\n' }, {}, 'bash', true],
    ['eval of brew shellenv', { '/home/u/.zshrc': 'eval "$(/opt/homebrew/bin/brew shellenv)"\n' }, {}, 'zsh', false],
    ['eval of another brew command', { '/home/u/.zshrc': 'eval "$(brew --prefix)/x"\n' }, {}, 'zsh', true],
    ['source <(…)', { '/home/u/.zshrc': 'source <(fzf --zsh)\n' }, {}, 'zsh', true],
    ['. <(…)', { '/home/u/.bashrc': '. <(kubectl completion bash)\n' }, {}, 'bash', true],
    ['zsh source =(…)', { '/home/u/.zshrc': 'source =(cat ~/x)\n' }, {}, 'zsh', true],
    ['source /dev/stdin', { '/home/u/.zshrc': 'cat ~/x | source /dev/stdin\n' }, {}, 'zsh', true],
    // zsh restores options after `emulate -c` (zsh 5.9 measured); its string is read as the file's own text all the same
    ['emulate -c sourcing a file', { '/home/u/.zshrc': "emulate sh -c '. ~/.profile'\n", '/home/u/.profile': on }, {}, 'zsh', true],
    ['emulate -c sourcing a harmless file', { '/home/u/.zshrc': "emulate sh -c '. ~/.profile'\n", '/home/u/.profile': 'export A=1\n' }, {}, 'zsh', false],
    ['emulate -R … -c', { '/home/u/.zshrc': 'emulate -R ksh -c "source $HOME/k"\n', '/home/u/k': on }, {}, 'zsh', true],
    ['emulate -c of a command substitution', { '/home/u/.zshrc': 'emulate sh -c "$(x)"\n' }, {}, 'zsh', true],
    ['emulate -c moving ZDOTDIR', { '/home/u/.zshenv': "emulate sh -c 'export ZDOTDIR=~/z'\n", '/home/u/z/.zshrc': on }, {}, 'zsh', true],
    ['emulate without -c', { '/home/u/.zshrc': 'emulate -L zsh\n' }, {}, 'zsh', false],
  ])('%s', (_name, files, env, dialect, expected) => {
    expect(startupGlobDots(home, dialects[dialect], fsOf(files), env)).toBe(expected);
  });

  it(`past ${budgets.maxStartupDepth} levels of sourcing, dot globbing is assumed`, () => {
    const files: Record<string, string> = { '/home/u/.zshrc': 'source ~/f0\n' };
    for (let k = 0; k < budgets.maxStartupDepth + 2; k++) files[`/home/u/f${k}`] = `source ~/f${k + 1}\n`;
    expect(startupGlobDots(home, dialects.zsh, fsOf(files), {})).toBe(true);
  });

  it(`past ${budgets.maxStartupFiles} files, dot globbing is assumed`, () => {
    const files: Record<string, string> = { '/home/u/.zshrc': Array.from({ length: budgets.maxStartupFiles + 1 }, (_, k) => `source ~/g${k}`).join('\n') };
    for (let k = 0; k <= budgets.maxStartupFiles; k++) files[`/home/u/g${k}`] = 'echo\n';
    expect(startupGlobDots(home, dialects.zsh, fsOf(files), {})).toBe(true);
  });

  it('finds the sourced paths it can fix', () => {
    expect(sourcedFiles('source ~/a; . "/b c"\nif true; then . $HOME/d; fi\n. ./f\ncommand . \'/g\'', home))
      .toEqual(['/home/u/a', '/b c', '/home/u/d', '/home/u/./f', '/g']);
  });

  it('gives no files where one sourced path is not fixed', () => {
    expect(startupSources('source ~/a\nsource "$X/e"', home)).toBeNull();
    expect(sourcedFiles('source ~/a\nsource "$X/e"', home)).toEqual([]);
  });
});
