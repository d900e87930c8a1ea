// A user's shell may start with glob options from its startup files (a
// `setopt globdots` in ~/.zshrc makes `*` match `.git`): read them for the
// options that change matching. Which files: the dialect's in the home
// directory, or in `$ZDOTDIR` when the inherited environment sets it, and the
// files `BASH_ENV` and `ENV` name; each followed through the files it
// sources (`source F`, `. F`), bounded (issue 13 item 8). A file sourced
// by a path the user's shell fixes at run time by a variable treeward does
// not know (`source $ZSH/oh-my-zsh.sh`) may set any option: dot globbing
// is then assumed, as after `eval` of a program's output (`eval "$(…)"`),
// `source <(…)` and `source /dev/stdin`. `eval` of literal text and zsh's
// `emulate … -c STRING` are read as the file's own text.

import { budgets } from '../../budgets.js';
import type { Dialect } from '../../syntax/dialect.js';
import { FsError, type FileSystem } from './fs.js';
import { joinToCwd, normalizeLexically } from './path-text.js';

/** Whether the startup files the harness's shell runs turn on dot globbing (dotglob, globdots, GLOBIGNORE). */
export function startupGlobDots(home: string, dialect: Dialect, fs: FileSystem, env: Readonly<Record<string, string | undefined>> = {}): boolean {
  const variables = startupVariables(home, dialect.startupDirectoryVariable, env);
  const directoryVariable = dialect.startupDirectoryVariable;
  const directory = (directoryVariable !== null && env[directoryVariable]) || home;
  const names = [
    ...dialect.startupFiles.map((name) => joinToCwd(name, directory)),
    ...dialect.startupFileVariables.flatMap((variable) => (env[variable] ? [joinToCwd(expandHome(env[variable]!, home, directory), home)] : [])),
  ];
  const seen = new Set<string>();
  const queue = names.map((path) => ({ path, depth: 0 }));
  while (queue.length > 0) {
    const { path, depth } = queue.shift()!;
    const key = normalizeLexically(path);
    if (seen.has(key)) continue;
    seen.add(key);
    // past the bounds, what the rest would set is not known: assume the worst
    if (seen.size > budgets.maxStartupFiles || depth > budgets.maxStartupDepth) return true;
    let text: string | null = null;
    try {
      text = fs.readFile ? fs.readFile(key) : null;
    } catch (error) {
      if (!(error instanceof FsError)) throw error;
      return true; // unreadable: assume the worst
    }
    if (text === null) continue;
    if (turnsOnDotGlob(text)) return true;
    const found = startupSources(text, home, variables);
    // a file sourced by a path treeward cannot fix may set any option (issue 13): assume dot globbing
    if (found === null) return true;
    for (const sourced of found.files) queue.push({ path: sourced, depth: depth + 1 });
    // zsh reads the rest of its startup files from a ZDOTDIR a file sets (`export ZDOTDIR=~/.config/zsh` in ~/.zshenv)
    for (const moved of directoryVariable === 'ZDOTDIR' ? found.directories : []) {
      for (const name of dialect.startupFiles) queue.push({ path: joinToCwd(name, moved), depth: depth + 1 });
    }
  }
  return false;
}

/** `~/x`, `$HOME/x`, `${HOME}/x`, `$ZDOTDIR/x` as the file they name (a variable given the harness's shell: BASH_ENV, ENV). */
function expandHome(text: string, home: string, directory: string): string {
  return text.replace(/^~(?=\/|$)/, home).replace(/^\$\{?HOME\}?(?=\/|$)/, home).replace(/^\$\{?ZDOTDIR\}?(?=\/|$)/, directory);
}

/**
 * The values a startup file may find in the variables whose spellings it follows in a sourced path: HOME (the
 * home directory), ZDOTDIR (the environment's, or unset: empty, and the home zsh then reads from), XDG_CONFIG_HOME
 * (the environment's, or unset: empty, and the default `~/.config` a system file may have set, XDG Base Directory
 * Specification). A value that is one of several is read each way, so every file the shell may source is read.
 */
function startupVariables(home: string, directoryVariable: string | null, env: Readonly<Record<string, string | undefined>>): Map<string, Set<string>> {
  const zdotdir = env.ZDOTDIR !== undefined ? [env.ZDOTDIR] : directoryVariable === 'ZDOTDIR' ? ['', home] : [''];
  return new Map([
    ['HOME', new Set([home])],
    ['ZDOTDIR', new Set(zdotdir)],
    ['XDG_CONFIG_HOME', new Set(env.XDG_CONFIG_HOME !== undefined ? [env.XDG_CONFIG_HOME] : ['', `${home}/.config`])],
  ]);
}

/** Expansions of one word past which a sourced path is not read (each variable may hold a few values). */
const maxSourcedSpellings = 16;

/**
 * The files a startup file sources (`source F` or `. F` at the start of a command, after `;`, `&&`,
 * `|`, `||`, `then`, `do`, `builtin`, `command`; also in the text of `eval` and `emulate -c`,
 * `evaluatedText`), and the directories it moves ZDOTDIR to, by the
 * variables it may find (`startupVariables`, updated by the file's own assignments, each value kept
 * as one more the shell may hold). A relative path is read from the home directory, where the
 * harness's shell starts its startup files. Null when a sourced path (or an assigned value) holds an
 * expansion other than `~`, `$HOME`, `${HOME}`, `$ZDOTDIR`, `$XDG_CONFIG_HOME`, `${NAME:-WORD}` of
 * those, or an unquoted glob, or is a process substitution or a path below /dev or /proc, or the
 * text of an `eval` is not fixed: the file it names, and so the options it sets, cannot be known.
 */
export function startupSources(
  text: string, home: string, variables: Map<string, Set<string>> = startupVariables(home, null, {}),
): { files: string[]; directories: string[] } | null {
  const files: string[] = [];
  const directories: string[] = [];
  for (const line of text.split('\n')) {
    for (const segment of line.split(/;|&&|\|\|?|#/)) {
      // `eval TEXT`, `emulate sh -c TEXT`: TEXT is shell code too, read as the file's own; what it is at run time may be anything
      const evaluated = evaluatedText(segment, home, variables);
      if (evaluated === null) return null;
      if (evaluated !== undefined) {
        const inner = startupSources(evaluated, home, variables);
        if (inner === null) return null;
        files.push(...inner.files);
        directories.push(...inner.directories);
        continue;
      }
      const assignment = /^\s*(?:(?:export|typeset\s+-x|declare\s+-x)\s+)?(HOME|ZDOTDIR|XDG_CONFIG_HOME)=(\S*)/.exec(segment);
      if (assignment) {
        const values = expandedWord(assignment[2]!, home, variables);
        if (values === null) return null;
        for (const value of values) variables.get(assignment[1]!)!.add(value);
        if (assignment[1] === 'ZDOTDIR') directories.push(...values.map((v) => joinToCwd(v, home)));
        continue;
      }
      const m = /^\s*(?:(?:if|then|do|else|elif|!|builtin|command)\s+)*(?:source|\.)\s+(.*)$/.exec(segment);
      if (!m) continue;
      const word = firstWord(m[1]!);
      if (word === '') continue;
      // `source <(fzf --zsh)`, zsh `source =(…)`: a program's output, which may set any option
      if (/^[<>=]\(/.test(word)) return null;
      const paths = expandedWord(word, home, variables);
      if (paths === null) return null;
      // `… | source /dev/stdin`, `. /dev/fd/3`: a pipe or a descriptor, not a file treeward can read (zsh 5.9 measured: the pipe's text runs)
      if (paths.some((path) => /^\/(dev|proc)\//.test(path))) return null;
      files.push(...paths.map((path) => joinToCwd(path, home)));
    }
  }
  return { files, directories };
}

/** Where a command word may stand in a segment: after `if`, `then`, `!`, `builtin`, …, an opening `{` or `(`, or `name() {`. */
const commandStart = String.raw`^\s*(?:(?:[A-Za-z_][\w:.-]*\s*\(\)\s*)?[{(]\s*|(?:if|then|do|else|elif|!|builtin|command)\s+)*`;
const evalCommand = new RegExp(`${commandStart}eval\\s+(.*)$`);
const emulateCommand = new RegExp(`${commandStart}emulate\\s+(.*)$`);

/**
 * The code a segment hands the shell as text: the words of `eval WORDS` joined by blanks, or the
 * string of zsh's `emulate … -c STRING`; undefined when the segment is neither, null when the text
 * is not fixed. `eval "$(starship init zsh)"` runs what a program prints, which may set any option
 * (zsh 5.9 and bash 5.2 measured: `eval "$(cat f)"` of a file holding `setopt globdots` turns it on):
 * then nothing is known. zsh restores every option when `emulate -c` returns (zsh 5.9 measured:
 * `emulate sh -c '. ./f'` leaves GLOB_DOTS off), but what the string sources may move ZDOTDIR, and
 * assuming its options stay only refuses more: its string is read as the file's own text.
 */
function evaluatedText(segment: string, home: string, variables: Map<string, Set<string>>): string | null | undefined {
  const evaluated = evalCommand.exec(segment);
  const emulated = evaluated ? null : emulateCommand.exec(segment);
  if (!evaluated && !emulated) return undefined;
  if (evaluated && printsOnlyVariables.test(evaluated[1]!)) return '';
  const words = shellWords((evaluated ?? emulated)![1]!);
  if (emulated) {
    // `emulate [-LR] MODE -c STRING` (zsh(1) `emulate`): a flag word ending in `c` takes STRING; without one, no text runs
    const k = words.findIndex((w) => /^-[A-Za-z]*c$/.test(w));
    if (k < 0) return undefined;
    words.splice(0, words.length, ...(k + 1 < words.length ? [words[k + 1]!] : []));
  }
  const texts: string[] = [];
  for (const word of words) {
    const values = expandedWord(word, home, variables);
    if (values === null || values.length !== 1) return null;
    texts.push(values[0]!);
  }
  return texts.join(' ');
}

/**
 * `eval "$(PROGRAM ARGS)"` (or unquoted, or in backquotes) of a program whose output only assigns and exports
 * variables, with literal arguments: Debian's and Ubuntu's default ~/.bashrc runs the first two. Each was run
 * (coreutils 9.1, less 590, OpenSSH 9.2): `dircolors -b` prints `LS_COLORS='…'; export LS_COLORS` (the
 * database's text quoted), `lesspipe` two `export LESS…=` lines, `ssh-agent -s` the agent's two variables and an `echo`;
 * `brew shellenv`, which macOS users' ~/.zprofile evals, prints only `export` lines and `path_helper -s`'s
 * (Homebrew/brew Library/Homebrew/cmd/shellenv.sh).
 * A redirection to /dev/null or of one descriptor to another may follow.
 */
const printsOnlyVariables = new RegExp([
  String.raw`^(["']?)(?:\$\(|${'`'})\s*(?:[A-Za-z_]\w*=[^\s$${'`'}()'"]*\s+)*(?:[^\s$${'`'}()'"]*\/)?`, // `"$(` or a backquote, NAME=value, a directory
  String.raw`(?:(?:dircolors|lesspipe|ssh-agent)(?:\s+[^\s$${'`'}()'";&|<>]+)*|brew\s+shellenv(?:\s+[a-z]+)?)`, // the program and its literal arguments
  String.raw`\s*(?:\)|${'`'})\1(?:\s*\d*>>?\s*\/dev\/null|\s*\d*>&\d)*\s*$`, // the close, and redirections that change nothing
].join(''));

/** The shell words of a text (`firstWord` after `firstWord`), quotes kept. */
function shellWords(text: string): string[] {
  const words: string[] = [];
  let rest = text.trimStart();
  while (rest !== '') {
    const word = firstWord(rest);
    if (word === '') break;
    words.push(word);
    rest = rest.slice(word.length).trimStart();
  }
  return words;
}

/** The files a startup file sources by paths treeward can fix (`startupSources`); none where one is not fixed. */
export function sourcedFiles(text: string, home: string): string[] {
  return startupSources(text, home)?.files ?? [];
}

/** The first shell word of text: unquoted characters up to a blank, with quoted parts (an open quote: the rest). */
function firstWord(text: string): string {
  let k = 0;
  while (k < text.length && !/\s/.test(text[k]!)) {
    const c = text[k]!;
    if (c === '\'' || c === '"') {
      const close = text.indexOf(c, k + 1);
      k = close < 0 ? text.length : close + 1;
    } else k += c === '\\' ? 2 : 1;
  }
  return text.slice(0, k);
}

/**
 * The texts one word expands to, as the shell reads it: single quotes literal; in double quotes and
 * unquoted `$NAME`, `${NAME}` and `${NAME:-WORD}`/`${NAME-WORD}` of the variables given (WORD read
 * again), a leading unquoted `~`, backslash escapes. Null for any other expansion, an unquoted glob
 * character, an open quote, or past maxSourcedSpellings.
 */
function expandedWord(word: string, home: string, variables: Map<string, Set<string>>): string[] | null {
  let out = [''];
  const add = (texts: readonly string[]) => {
    out = out.flatMap((prefix) => texts.map((t) => prefix + t));
    return out.length <= maxSourcedSpellings;
  };
  let k = 0;
  let quote: '"' | null = null;
  // `~user` is another user's home, which treeward does not know
  if (/^~[^/]/.test(word)) return null;
  if (word.startsWith('~')) {
    out = [...variables.get('HOME')!];
    k = 1;
  }
  while (k < word.length) {
    const c = word[k]!;
    if (c === '"') { quote = quote === null ? '"' : null; k++; continue; }
    if (c === '\'' && quote === null) {
      const close = word.indexOf('\'', k + 1);
      if (close < 0 || !add([word.slice(k + 1, close)])) return null;
      k = close + 1;
      continue;
    }
    if (c === '\\') {
      if (k + 1 >= word.length || !add([word[k + 1]!])) return null;
      k += 2;
      continue;
    }
    if (c === '$') {
      const expansion = parameterExpansion(word, k, home, variables);
      if (expansion === null || !add(expansion.values)) return null;
      k = expansion.end;
      continue;
    }
    if (c === '`' || (quote === null && /[*?[\]{}]/.test(c))) return null;
    if (!add([c])) return null;
    k++;
  }
  return quote === null ? out : null;
}

/** `$NAME`, `${NAME}`, `${NAME:-WORD}`, `${NAME-WORD}` at `k` of a known variable: its values and where it ends. */
function parameterExpansion(word: string, k: number, home: string, variables: Map<string, Set<string>>): { values: string[]; end: number } | null {
  const plain = /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(word.slice(k));
  if (plain) {
    const values = variables.get(plain[1]!);
    return values ? { values: [...values], end: k + plain[0].length } : null;
  }
  const braced = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?-)([^{}]*))?\}/.exec(word.slice(k));
  if (!braced) return null;
  const values = variables.get(braced[1]!);
  if (!values) return null;
  if (braced[2] === undefined) return { values: [...values], end: k + braced[0].length };
  // the default where the variable may be unset (or, with `:-`, empty): both, as the shell may find either
  const fallback = expandedWord(braced[3]!, home, variables);
  if (fallback === null) return null;
  const kept = braced[2] === ':-' ? [...values].filter((v) => v !== '') : [...values];
  return { values: [...new Set([...kept, ...fallback])], end: k + braced[0].length };
}

/**
 * Whether a startup file's text turns dot globbing on: `shopt [-opts] -s …
 * dotglob`, `set`/`setopt … globdots`, `set -o globdots`, zsh's negated
 * spellings (`unsetopt noglobdots`, `set +o noglobdots`) and its letter
 * (`set -4`, `setopt -4`), the names in any case and with underscores
 * anywhere (zsh ignores both: `setopt G_l_O_b_dots`), or GLOBIGNORE set at
 * the start of a line. Read generously (a mention in a comment counts),
 * since assuming dot globbing only refuses more. Line by line, each test
 * linear in its line: the file is read at every verdict and may be 1 MiB,
 * and a regular expression over the whole text that can restart at every
 * line (or every `set`) would take minutes on one of blank lines.
 */
export function turnsOnDotGlob(text: string): boolean {
  for (const line of text.split('\n')) {
    if (/^\s*(export\s+)?GLOBIGNORE=/.test(line)) return true;
    if (/\bset\s+-o\s+glob_?dots\b/i.test(line)) return true;
    for (const segment of line.split(/[;#]/)) {
      if (shoptSetsDotglob(segment)) return true;
      // `set` or `setopt`, and `globdots` somewhere after it: the first `set` leaves the most text after it
      const set = /\bset(opt)?\s+/i.exec(segment);
      if (set && /\bglob_?dots\b/i.test(segment.slice(set.index + set[0].length))) return true;
      if (zshTurnsOnGlobDots(segment)) return true;
    }
  }
  return false;
}

/** zsh's spellings the two tests above do not read: underscores anywhere, `unsetopt`/`+o` of `noglobdots`, the letter `-4`. */
function zshTurnsOnGlobDots(segment: string): boolean {
  const m = /\b(unsetopt|setopt|set)\s+(.*)$/i.exec(segment);
  if (!m) return false;
  const off = m[1]!.toLowerCase() === 'unsetopt';
  let previous = '';
  for (const word of m[2]!.split(/\s+/)) {
    const name = word.replace(/_/g, '').toLowerCase();
    // `set +o noglobdots` and `unsetopt noglobdots` turn it on; `setopt -4`, `set -4` (GLOB_DOTS's letter in zsh(1) OPTIONS)
    if (!off && /^-\w*4/.test(word)) return true;
    if (name === (off || previous === '+o' ? 'noglobdots' : 'globdots')) return true;
    previous = word;
  }
  return false;
}

/** `shopt`, options among which `-s`, then `dotglob` somewhere after that `-s`, in one command. */
function shoptSetsDotglob(segment: string): boolean {
  const shopt = /\bshopt\s+/g;
  for (let m = shopt.exec(segment); m !== null; m = shopt.exec(segment)) {
    const option = /(-\w+)\s+/y;
    option.lastIndex = m.index + m[0].length;
    for (let o = option.exec(segment); o !== null; o = option.exec(segment)) {
      if (o[1] === '-s') return /\bdotglob\b/.test(segment.slice(option.lastIndex));
    }
  }
  return false;
}
