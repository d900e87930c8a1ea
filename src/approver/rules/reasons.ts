// Every sentence a verdict says (SPEC §3: "a sentence that says what was
// refused and what the agent can do instead"), by the fact it words. Rules
// decide; readers and the walk state facts; only this file writes the
// words, so one fact has one sentence wherever it is found.

import { budgets } from '../../budgets.js';
import type {
  AwkFinding, CodeFact, CodeLoadingVariable, Complexity, GitProblem, HandBackProblem, InlineFinding, InlineUnread, PackageScriptProblem, SedProblem,
  ShellStateChange, Unfixed, UnfixedCode, WrittenUse,
} from '../core/facts.js';
import { type GitHistoryForm, unnamedMaker } from '../core/effects.js';
import type { Resolution } from '../core/path-reading.js';
import type { ShReading } from '../../syntax/dialect.js';
import type { MadeAround, Reading } from './readings.js';

// ------------------------------------------------------------------ values the line does not fix

const derivedNames: Record<Extract<Unfixed, { source: 'derived' }>['what'], string> = {
  'sed backup': 'a backup named after a file the line does not fix',
  'link name': 'the link name comes from a target that is not fixed',
  'ssh host': 'the host comes from an operand the line does not fix',
  'tar -C name': 'a name `tar -C` places in a directory the line does not fix',
};

const urlNames: Record<Extract<Unfixed, { source: 'url-name' }>['from'], string> = {
  url: 'the file name comes from a URL that is not fixed',
  'url-glob': 'the file name takes text from a URL glob',
  host: 'the directory is named after a host the line does not fix',
};

const programReads: Record<Extract<Unfixed, { source: 'program-reads' }>['what'], string> = {
  'dd operand': 'a `dd` operand that is not fixed may be `of=`',
  'temp dir': 'a temp dir the line does not fix',
  'tar -P path': '`tar -P` extracts absolute paths the archive chooses',
  'unzip -: path': '`unzip -:` keeps the members\' `../`, so the archive chooses where they land',
  'tarfile member path': '`python -m tarfile -e` extracts without a filter, so the archive\'s absolute and `../` names choose where members land',
  'stored name': '`gzip -N` restores the name stored in the file, so the file chooses what it writes',
  'find -L entries': '`find -L` (or `-H`, `-follow`) reaches entries through links, wherever they lead; drop `-L`',
  'patch targets': 'the files a diff names, which treeward cannot read here (give the diff as a here-document, or name the file to patch)',
  'known-hosts value': 'the value of `UserKnownHostsFile` is not fixed',
  'known-hosts tokens': 'ssh fills `UserKnownHostsFile` with values the line does not fix',
  'home variable': 'the program keeps its files below a `HOME` or `XDG_*` directory the line gives it and does not fix',
};

/** Why a value is not fixed, as the parenthesis of a refusal (`rm` removes a target the line does not fix (…)). */
export function unfixed(why: Unfixed): string {
  switch (why.source) {
    case 'parameter': return `\`${why.braced ? '${' + why.name + '…}' : '$' + why.name}\` is not fixed by the line`;
    case 'split-parameter': return `\`$${why.name}\` splits into several words next to other text`;
    case 'changed-ifs': return `\`$${why.name}\` is split by a changed IFS`;
    case 'shell-option':
      if (why.option === 'globsubst') return 'with `globsubst` the value of an unquoted parameter is a glob, which treeward does not expand; quote it';
      if (why.option === 'extendedglob') return 'with `extendedglob` on, `#`, `^` and `~` are glob operators treeward does not expand; quote them';
      return 'the line set shell options treeward does not follow';
    case 'zsh-modifier': return `zsh applies the modifier in \`$${why.name}${why.modifier}\`, which moves the path; write the path out`;
    case 'glob-qualifier': return `the glob qualifier \`${why.text}\` is one treeward does not read`;
    case 'pattern': return `the pattern \`${why.pattern}\` is one treeward does not read`;
    case 'home': return '`~` where HOME is not fixed (the line set it, or ran a file that may have)';
    case 'user-home': return `\`~${why.user}\` names a directory the line does not fix`;
    case 'substitution': return 'a command substitution is not fixed until it runs';
    case 'process-substitution': return 'a process substitution names a pipe made when it runs';
    case 'arithmetic': return 'an arithmetic expansion is not fixed until it runs';
    case 'command-path': return `\`=${why.name}\` is the path of a command, found when it runs`;
    case 'expansion-budget': return `${why.sequence === null ? '' : `\`${why.sequence}\` `}expands to more than ${budgets.maxFields} words`;
    case 'option-value': return 'the option value is not fixed';
    case 'input': {
      const how = why.filledIn ? 'fills in from its input' : why.from === 'file' ? 'reads from a file' : 'reads from its input';
      return `a word \`${why.runner}\` ${how}`;
    }
    case 'runner-list':
      if (why.runner === 'find') return 'a path `find` fills in';
      return why.filledIn ? 'a word `parallel` fills in' : 'a word `parallel` takes from its argument list';
    case 'url-list': return 'a URL `wget -i` reads from a file';
    case 'derived': return derivedNames[why.what];
    case 'program-reads': return programReads[why.what];
    case 'variable': return `\`${why.name}\` is not fixed`;
    case 'placing-option': return `${why.option} is not fixed`;
    case 'options-file': return `curl reads options (which can name output files) from \`${why.file ?? '…'}\`, which treeward cannot read`;
    case 'server-name': return why.option === null ? 'the server chooses the file name' : `with \`${why.option}\` the server chooses the file name`;
    case 'url-name': return urlNames[why.from];
  }
}

// ------------------------------------------------------------------ code the line assembles or hands over

const unfixedCode: Record<UnfixedCode, (via: string) => string> = {
  command: (via) => `${via} of a command the line does not fix`,
  code: (via) => `${via} of code the line does not fix`,
  text: (via) => `${via} of text the line does not fix`,
  file: (via) => `${via} of a file the line does not fix`,
  script: (via) => `${via} runs a script the line does not fix`,
  'bsd sed script': (via) => `${via} as BSD sed reads it (macOS): \`-i\` takes the next word as the backup suffix, so the first path the ` +
    "listing prints becomes the script, which may write any file; write `sed -i '' -e SCRIPT` there, or give `--platform linux`",
  'eval text': (via) => `${via} of text the line does not fix; run the command directly`,
  'command file': (via) => `${via} of a command file the line does not fix`,
  makefile: (via) => `${via} of a makefile the line does not fix`,
  key: (via) => `${via} of a key the line does not fix`,
  'wgetrc command': (via) => `${via} of a wgetrc command the line does not fix`,
  program: (via) => `${via} of a program the line does not fix`,
  'program file': (via) => `${via} of a program file the line does not fix`,
  'awk program': (via) => `${via} runs a program the line does not fix or wrote itself`,
  package: (via) => `${via} of a package the line does not fix`,
  word: (via) => `${via} with a word the line does not fix`,
  'replacement string': (via) => `${via} with a replacement string the line does not fix`,
  'parallel command': (via) => `${via} with a command the line does not fix`,
  'backup suffix': (via) => `${via} with a backup suffix the line does not fix`,
  'tar command': (via) => `${via} runs a command the line does not fix`,
  'find word': (via) => `a ${via} expression word the line does not fix`,
  'git option': (via) => `a ${via} option the line does not fix`,
  'alias value': (via) => `an ${via} whose value the line does not fix`,
  name: (via) => `${via} sets a name the line does not fix`,
  'gdb command': (via) => `a ${via} command the line does not fix`,
  'less options': (via) => `${via} options the line does not fix`,
  'ssh library': (via) => `${via} loads a library the line does not fix`,
  'ssh program': (via) => `a program the line does not fix, run in place of ${via}`,
  'rsync shell': (via) => `${via} runs a remote shell the line does not fix (\`-e\`/\`RSYNC_RSH\`)`,
  'ssh config': (via) => `an ${via} config the line does not fix, after it wrote files`,
  'less command': (via) => `${via} names a command the line does not fix, which less runs with the shell`,
  'ssh option value': (via) => `the value of ${via} is not fixed, and ssh runs it as a command`,
  'ssh option': (via) => `an ${via} option the line does not fix could be \`ProxyCommand\`, which ssh runs with the shell`,
  'ssh host': (via) => `ssh fills ${via} with a host or user the line does not fix`,
  'ssh values': (via) => `ssh fills ${via} with values the line does not fix`,
};

const writtenUse: Record<WrittenUse, (via: string, file: string) => string> = {
  run: (via, file) => `${via} runs \`${file}\`, whose content an earlier part of the line wrote; write the script in one command and run it in another`,
  source: (via, file) => `${via} runs \`${file}\`, whose content an earlier part of the line wrote; write it in one command and source it in another`,
  'gdb commands': (via, file) => `${via} runs the commands in \`${file}\`, which an earlier part of the line wrote`,
  'gdb source': (via, file) => `${via} sources \`${file}\`, which an earlier part of the line wrote`,
  'ssh library': (via, file) => `${via} loads \`${file}\`, which an earlier part of the line wrote`,
  'ssh config': (via, file) => `${via} reads \`${file}\`, a config an earlier part of the line wrote, which can hold a \`ProxyCommand\``,
  'make recipes': (via, file) => `${via} runs recipes from \`${file}\`, which an earlier part of the line wrote; write it in one command and run ` +
    `make in another`,
  module: (via, file) => `${via} loads \`${file}\` by name, whose content an earlier part of the line wrote; write it in one command and load it in ` +
    'another',
  startup: (via, file) => `${via} loads \`${file}\` when it starts, and an earlier part of the line wrote it; write it in one command and start ` +
    'the program in another',
  'stdin program': (via, file) => `${via} reads its program from \`${file}\` on stdin, whose content an earlier part of the line wrote; write the ` +
    'script in one command and run it in another',
  importable: (via, file) => `${via} runs code treeward does not read, which can import \`${file}\`, whose content an earlier part of the line ` +
    'wrote; write it in one command and run the program in another',
  makefiles: (via, file) => `${via} reads \`${file}\` (MAKEFILES), which an earlier part of the line wrote; write it in one command and run make in ` +
    'another',
};

const codeLoading: Record<CodeLoadingVariable, string> = {
  SHELLOPTS: 'sets shell options for every bash the line starts',
  BASHOPTS: 'sets shell options (dotglob, extdebug…) for every bash the line starts',
  PYTHONSTARTUP: 'names a file every interactive python runs first',
  LD_PRELOAD: 'loads a library into every program the line starts',
  LD_AUDIT: 'loads a library into every program the line starts',
  PERL5DB: 'is code perl runs under its debugger',
  BASH_LOADABLES_PATH: 'is where bash loads builtins from',
  LESSOPEN: 'is a command less runs for every file it shows',
  LESSCLOSE: 'is a command less runs after every file it shows',
};

/** What code the line runs that treeward cannot judge (`dynamic-code`), after "code assembled at run time: ". */
export function code(fact: CodeFact): string {
  switch (fact.source) {
    case 'package-script': return packageScript(fact);
    case 'unfixed': return unfixedCode[fact.what](fact.via);
    case 'written-by-line':
      if (fact.via === null) return `the line runs \`${fact.file}\`, whose content an earlier part of it wrote; write the script in one command and run ` +
        `it in another`;
      return writtenUse[fact.use](fact.via, fact.file);
    case 'written-script':
      return `the line runs \`${fact.file}\` (${fact.interpreter || 'a script'}) whose content it wrote; put the script in the tree in one command and run ` +
        `it in another`;
    case 'written-ssh-config': return `the ssh config \`${fact.file}\` the line wrote uses \`${fact.directive}\``;
    case 'pipe':
      switch (fact.what) {
        case 'program': return `${fact.via} reads its program from a pipe or file treeward cannot read`;
        case 'gdb commands': return `${fact.via} reads commands (which can run a shell) from a pipe or file treeward cannot read`;
        case 'sftp commands': return `${fact.via} reads commands (which can run a local shell with \`!\`) from a pipe or file treeward cannot read`;
        case 'makefile': return `${fact.via} reads its makefile from stdin, with recipes treeward does not read`;
      }
      break;
    case 'unread-shell':
      if (fact.runs === 'code') return `${fact.via} is a shell treeward does not read; use bash, sh or zsh`;
      return fact.runs === 'script' ? `${fact.via} runs a script in a shell treeward does not read` : `${fact.via} starts a shell treeward does not read`;
    case 'unknown-option':
      if (fact.of === 'wrapper') {
        return `${fact.via} is given \`${fact.option}\`, an option treeward does not know, so what it runs is not known; spell the options as ` +
          'its manual lists them, and put `--` before a command that has options of its own';
      }
      return `${fact.via} is given \`${fact.option}\`, an option treeward does not know, so what it runs is not known; spell the options as the ` +
        "interpreter's manual lists them, or run the script in a separate command";
    case 'startup-file':
      if (fact.through) return `\`${fact.variable}\` makes every bash or zsh that \`${fact.shell}\` starts run a startup file first`;
      return `\`${fact.variable}\` makes \`${fact.shell}\` run a startup file first`;
    case 'arithmetic':
      switch (fact.in) {
        case 'subscript': return `${fact.via} evaluates the subscript in \`${fact.text}\` as arithmetic, which runs its \`$(\``;
        case 'values': return `${fact.via} evaluates its values as arithmetic, which runs \`$(\``;
        case 'name': return `${fact.via} evaluates the subscript of its name as arithmetic, which runs its \`$(\``;
        case 'words': return `${fact.via} evaluates its words as arithmetic, which runs \`$(\``;
        case 'text': return 'arithmetic would run the `$(…)` or backquote in this text; compare plain numbers';
        case 'parameter':
          return fact.setByLine
            ? `\`${fact.name}\` is set by the line to text holding \`$(\` or a backquote, which arithmetic would run`
            : `\`${fact.name}\` holds a command substitution, which arithmetic would run`;
      }
      break;
    case 'unsplittable':
      switch (fact.what) {
        case 'env -S': return '`env -S` text treeward cannot split';
        case 'KnownHostsCommand': return '`KnownHostsCommand` has text treeward cannot split';
        case 'sftp -D': return '`sftp -D` text treeward cannot split';
        case 'rsync -e': return 'rsync cannot split the remote-shell command (a quote is not closed)';
      }
      break;
    case 'runs-program': return `${fact.via} runs \`${fact.program ?? '…'}\``;
    case 'editor':
      switch (fact.edits) {
        case 'sudo -e': return '`sudo -e` edits files with an editor treeward does not read';
        case 'crontab -e': return '`crontab -e` edits the table with an editor treeward does not read';
        case 'git rebase -i': return '`git rebase -i` opens an editor on a todo list treeward cannot read; use `git rebase --exec` or plain commands';
      }
      break;
    case 'changes-commands':
      switch (fact.how) {
        case 'hash -p': return `${fact.via} makes a name run another program`;
        case 'enable -f': return `${fact.via} loads a builtin from a shared object`;
        case 'zmodload': return `${fact.via} adds builtins treeward does not read`;
        case 'autoload': return `${fact.via} defines functions from files treeward does not read`;
        case 'compgen -C': return `${fact.via} runs a command`;
        case 'mapfile -C': return `${fact.via} runs a callback`;
        case 'git --exec-path': return `${fact.via} makes git run its commands from another directory`;
        case 'git --config-env': return `${fact.via} reads a setting from a variable treeward does not fix`;
        case 'git filter': return `${fact.via} runs filter commands over the whole history`;
        case 'RSYNC_CONNECT_PROG': return `${fact.via} makes rsync run a command with the shell`;
        case 'gdb eval': return `${fact.via} builds a command at run time`;
        case 'gdb call': return `${fact.via} calls a function of the debugged program that runs a command or writes a file`;
        case 'less command': return `${fact.via} that runs a shell or writes a file (\`!\`, \`|\`, \`s\`, \`v\`)`;
      }
      break;
    case 'hands-to-shell':
      if (fact.what === 'user shell') return `${fact.via} passes these words to the user's shell, which runs them`;
      return `${fact.via} runs commands it reads from its input`;
    case 'variable': return variable(fact.name, fact.meaning);
    case 'loading-option':
      if (fact.variable === 'NODE_OPTIONS') {
        return `NODE_OPTIONS holds \`${fact.option}\`, which can make every node the line starts load code (only memory, warning, source-map and similar ` +
          `options are approved)`;
      }
      return `${fact.variable} holds \`${fact.option}\`, which makes every ${fact.variable === 'PERL5OPT' ? 'perl' : 'ruby'} the line starts load code`;
    case 'sftp-local': return `the sftp command \`${fact.command}\` changes local files in ways treeward does not read; use \`scp\``;
    case 'make-variable':
      return fact.how === 'shell'
        ? `\`make ${fact.variable}=…\` changes how make runs every recipe`
        : `\`make ${fact.variable}=…\` puts shell syntax or a make function into the recipes that use it; pass a plain value`;
    case 'make-eval': return '`make --eval` text can define recipes and run `$(shell …)`; pass variables as `make NAME=value` instead';
    case 'command-word':
      if (fact.how === 'sets-names') return `the command name is built from parameters into \`${fact.program}\`, which sets names; spell it out`;
      if (fact.how === 'unfixed') return 'the command name is not fixed until the line runs; spell the program out';
      return 'the command name is not one fixed word; spell the program out';
    case 'function-name': return 'a function whose name is not fixed';
    case 'shadowing': return `the line defines a function named \`${fact.name}\`, which hides the real \`${fact.name}\`; give the function another name`;
    case 'sh-alias': return 'an `alias` in sh rewrites the lines after it; put the alias in a script or spell the command out';
    case 'qualifier': return `the glob qualifier \`${fact.text}\` runs code for every name it matches; list the files another way`;
    case 'zsh-stops':
      return fact.in === 'parameter'
        ? `zsh cannot expand this \`\${…}\` (${fact.message}) and stops the whole line there; write the expansion out`
        : `zsh cannot evaluate this arithmetic (${fact.message}) and stops the whole line there`;
    case 'zsh-flags':
      return `the zsh parameter flags \`(${fact.flags})\` evaluate the value again (\`e\` runs its substitutions, \`P\` reads another name, \`%\` expands ` +
        `a prompt); write the expansion out`;
    case 'prompt-expansion': {
      const value = fact.holdsSubstitution ? 'a value holding a substitution' : 'a value the line does not fix';
      return `\`\${${fact.name}@P}\` expands ${value} as a prompt, which runs the substitutions in it`;
    }
    case 'unparsable': return `the code inside does not parse as ${fact.dialect}: ${fact.message}`;
    case 'shell-state': return shellState(fact.change, fact.name);
    case 'option-like-glob': return optionLikeGlob(fact);
  }
}

/** Why a glob before `--` that may match a name like `-rf` or `--checkpoint-action=exec=…` cannot be read (issue 13 item 6). */
function optionLikeGlob(fact: Extract<CodeFact, { source: 'option-like-glob' }>): string {
  const where = {
    'made-by-line': 'an earlier part of the line may have made such a file there',
    'unknown-directory': 'treeward does not know which directory the glob lists',
    unreadable: 'treeward could not list its directory',
    'too-many': 'its directory holds more such names than treeward reads',
  }[fact.why];
  return `the glob \`${fact.glob}\` can match a file named like an option (\`-rf\`, \`--checkpoint-action=exec=…\`), which \`${fact.program}\` ` +
    `would read as one, and ${where}; put \`--\` before the glob, or write it as \`./${fact.glob}\``;
}

// ------------------------------------------------------------------ issue 12: the state a line gives the shell

/** Why a change the line made to the shell's state stops treeward judging what follows. */
function shellState(change: ShellStateChange, name: string | undefined): string {
  switch (change) {
    case 'alias-later-lines': return 'an alias defined earlier (with aliases expanded) rewrites this line; spell the command out instead of an alias';
    case 'alias-runtime-code': return 'an alias defined earlier rewrites this code, which the shell parses only when it runs; spell the command out';
    case 'hash': return `\`hash\` makes \`${name ?? '…'}\` run another program; call that program by its own name`;
    case 'path':
      return `PATH, as the line set it, may find \`${name ?? '…'}\` in the tree or a directory the line wrote; run it by its path (\`./${name ?? '…'}\`)`;
    case 'assignments-anywhere':
      return `with \`set -k\` (\`setopt keyword\`) the word \`${name ?? '…'}\` puts a variable in the command's environment; drop the option`;
    case 'integer-attribute':
      return `\`${name ?? '…'}\` has the integer attribute, so its new value is evaluated as arithmetic, which runs any \`$(\` in it; assign plain numbers`;
    case 'recursive-arithmetic':
      return `arithmetic reads the value of \`${name ?? '…'}\` as an expression in turn, and that text holds a substitution or subscript ` +
        'that would run; assign the name a plain number';
    case 'stdin-script': return `\`${name ?? '…'}\` runs a script from its input or an fd; put the script in a file and run that`;
    case 'nested-shell-option':
      return `the shell is started with the option \`${name ?? '…'}\`, which changes how it reads its code; set nothing, or run a script`;
    case 'code-module': return `\`${name ?? '…'}\` runs its arguments as code; put the code in a file and run that`;
    case 'hook-functions': return `\`${name ?? '…'}\` names functions zsh calls later by itself (at each prompt, \`cd\` or exit); call them yourself`;
    case 'exported-function': return '`export -f` hands a function to every bash the line starts, under its name; define it where it is used';
    case 'editor-commands':
      return `\`${name ?? '…'}\` runs editor commands from its input or arguments, which can run shell commands (\`!\`); edit with sed or a script`;
  }
}

function variable(name: string, meaning: Extract<CodeFact, { source: 'variable' }>['meaning']): string {
  switch (meaning) {
    case 'command table': {
      const table = name === 'options' ? 'options' : name === 'mapfile' ? 'files' : 'commands, functions and aliases';
      return `\`${name}\` is the shell's own table of ${table}; writing it changes what later commands run or do, so leave it alone and use a name of your own`;
    }
    case 'bash function': return `\`${name}\` defines a function for every bash the line starts`;
    case 'prompt command': return '`PROMPT_COMMAND` is code bash runs before each prompt, and the line does not fix it';
    case 'unfixed prompt': return `\`${name}\` is expanded each time the prompt is shown (\`$(…)\` in it runs), and the line does not fix it`;
    case 'prompt substitution': return `\`${name}\` is expanded each time the prompt is shown, which runs the substitution in it`;
    case 'startup file':
      return `\`${name}\` names a file the shells this line starts run first; set it only on the shell command itself (\`${name}=file bash …\`) with a ` +
        `file treeward can read`;
    case 'loads code': return `\`${name}\` ${codeLoading[name as CodeLoadingVariable]}`;
    case 'unfixed NODE_OPTIONS': return 'NODE_OPTIONS is not fixed by the line, and options in it can make node load code';
    case 'unfixed switches': return `${name} is not fixed by the line, and switches in it can load code`;
  }
}

/** Why the inline-code policy refuses inline code of `language`. */
export function inlineFinding(finding: InlineFinding, language: string): string {
  switch (finding.source) {
    case 'policy': return 'the inline-code policy refuses all inline code';
    case 'unread': return 'the code comes from a pipe or file treeward cannot read';
    case 'calls': return `it calls ${finding.api}`;
    case 'unscanned': return `treeward does not scan ${language} code`;
    case 'unread-call': return inlineUnread(finding.api, finding.what, language, finding.detail);
    case 'awk': return awkFinding(finding.finding);
    case 'sed':
      if (finding.problem === null) return 'the sed script runs commands (`e` or `s///e`)';
      return `treeward cannot read the sed script (${sedProblem(finding.problem)}); write it in a form GNU sed reads`;
  }
}

/** Where the reading of a sed script stopped, as the sentence names it. */
function sedProblem(problem: SedProblem): string {
  switch (problem.kind) {
    case 'address-without-command': return 'an address without a command';
    case 'no-second-address': return 'a `,` without a second address';
    case 'step-without-number': return `\`${problem.step}\` without a number in an address`;
    case 'unknown-command': return `the command \`${problem.command}\``;
    case 'unterminated': return `an unterminated ${problem.what} (delimiter \`${problem.delimiter}\`)`;
    case 'unterminated-bracket': return 'an unterminated bracket expression';
    case 'no-delimiter': return `\`${problem.command}\` without a delimiter`;
    case 'characters-after': return `characters after \`${problem.command}\``;
    case 'no-file-name': return '`w` without a file name';
  }
}

function awkFinding(finding: AwkFinding): string {
  switch (finding.kind) {
    case 'system': return 'it calls `system(`';
    case 'pipe': return 'it pipes to or from a command';
    case 'directive': return `it uses gawk's \`${finding.directive}\``;
    case 'print-redirection': return `it prints into a file (\`${finding.statement} … ${finding.operator}\`)`;
    case 'extension': return `it loads the gawk extension \`${finding.name ?? '…'}\``;
  }
}

/** Why git's `setting` cannot be approved before its command is judged. */
export function gitProblem(problem: GitProblem, setting: string): string {
  switch (problem.source) {
    case 'unfixed': return `the value of \`${setting}\` is not fixed, and git would run it as a command`;
    case 'unread-settings': return `\`${setting}\` gives git settings treeward does not read; use \`git -c key=value\``;
    case 'remote-command': return `\`git archive ${setting}\` runs a command on a remote`;
    case 'config-file': return `\`${setting}\` makes git read configuration or hooks from a file treeward does not read, whose settings can run commands; ` +
      'give the settings with `git -c key=value`';
    case 'repository-file': return `the line wrote \`${setting}\`, which git takes as the hooks or configuration of the git directory it runs in, ` +
      'and treeward reads only a config written as literal text; write the file in one command and run git in a separate one';
    case 'nesting': return 'the git setting nests too deeply';
    case 'unparsable': return `git runs its value with sh, and it does not parse: ${problem.message}`;
  }
}

// ------------------------------------------------------------------ paths in sentences

/** A path as written, and through its links where they lead elsewhere. */
export function shown(reading: Reading): string {
  if (reading.resolved === null || reading.resolved === reading.written) return `\`${reading.written}\``;
  return `\`${reading.written}\` (through its links, \`${reading.resolved}\`)`;
}

/** `path` when it is the reading as written; else both readings. */
function shownAt(path: string, reading: Reading): string {
  return path === reading.written ? `\`${path}\`` : shown(reading);
}

/** Why a path's links could not be followed. */
function failure(resolution: Resolution): string {
  return resolution.ok ? 'ok' : resolution.reason === 'loop' ? 'a loop of links' : resolution.reason === 'budget' ? 'too many lookups' : 'an error reading it';
}

/** What a target passes through that an earlier part of the line put in place. */
/** How an earlier part of the line put a path in place: by a link, move or copy, or as a member of an archive it extracted (which may be a link). */
function placedHow(placed: { extracted?: true }): string {
  return placed.extracted ? 'extracted from an archive' : 'linked, moved or copied into place';
}

function through(placed: { path: string | null }): string {
  return placed.path === null ? 'a path the line does not fix' : `\`${placed.path}\``;
}

// ------------------------------------------------------------------ removals

export const removal = {
  unplacedName: (by: string, text: string) =>
    `\`${by}\` removes \`${text}\` relative to a directory the line changes to a place treeward cannot know; remove it by a path from where the line ` +
      `starts (or an absolute path inside the tree), without the unknown \`cd\``,
  /** A word a runner reads from its input (xargs, parallel): a fixed find can name those. */
  unfixed: (by: string, why: Unfixed) =>
    `\`${by}\` removes a target the line does not fix (${unfixed(why)}); name the path ` +
      `literally${why.source === 'input' ? ', or use `find … -delete` with fixed start points' : ''}`,
  throughPlaced: (by: string, text: string, placed: { path: string | null; extracted?: true }) =>
    `\`${by}\` removes \`${text}\` through ${through(placed)}, which an earlier part of the line ${placedHow(placed)} (it may now be a ` +
      `link); run the removal as a separate command`,
  listedOutsideTree: (by: string, reading: Reading) =>
    `\`${by}\` would remove what git lists below ${shown(reading)}, which is not inside the working tree both as written and through its links; run git ` +
      `clean inside the tree`,
  globAfterOptionChange: (by: string, text: string) => `the line changed how globs expand before \`${by} ${text}\`; name the files literally or drop the ` +
    `option change`,
  globWildcardInDirectory: (text: string, directory: string) =>
    `the glob \`${text}\` has a wildcard in a directory part (or ends in \`/\`), so it lists directories the line never names, any of which may be a link ` +
      `out of the tree; remove \`${directory || '.'}/*\`-style globs one directory at a time, or name the directories`,
  globAfterMaking: (text: string, directory: string, made: MadeAround) =>
    `the glob \`${text}\` may run after ${made.by === unnamedMaker ? made.by : `\`${made.by}\``}, which ` +
      (made.what === 'link'
        ? `may have put a link ${made.path === null ? 'where the line does not fix' : `at \`${made.path}\``}, in the way of its directory \`${directory || '.'}\``
        : made.path === null ? 'made a directory the line does not fix' : `made the directory \`${made.path}\` at or around \`${directory || '.'}\``) +
      `; run the glob removal as a separate command`,
  globMatchesDotDot: (text: string) => `in sh the glob \`${text}\` also matches \`.\` and \`..\` (the directory above); spell the names out, or use a ` +
    `pattern such as \`.[!.]*\``,
  globListsOutsideTree: (text: string, reading: Reading) =>
    `the glob \`${text}\` lists ${shown(reading)}, which is not inside the working tree both as written and through its links; remove files by name there, ` +
      `or only inside the tree`,
  outsideTree: (by: string, reading: Reading, tree: string) => {
    const how = reading.resolved === null ? `; treeward cannot follow its links (${failure(reading.resolution)})` : '';
    return `\`${by}\` would remove ${shown(reading)}, outside the working tree \`${tree}\`, the run directories and the temp dir${how}; remove only what ` +
      `lies inside the tree`;
  },
  /** `which`: the tree, a temp dir or a run directory. */
  ofRoot: (by: string, root: string, which: 'tree' | 'temp dir' | 'run directory') => {
    const what = which === 'tree' ? 'the working tree' : which === 'temp dir' ? 'a temp dir' : 'a run directory';
    return `\`${by}\` would remove \`${root}\` itself (${what}); remove the entries inside it you mean instead`;
  },
  ofProtected: (by: string, path: string, reading: Reading, owner: string) =>
    `\`${by}\` would remove ${shownAt(path, reading)}, which is or lies under the protected \`${owner}\`; leave it in place`,
  /** `belowOnly`: a find or git clean, which tests can narrow. */
  holdingProtected: (by: string, dir: string, path: string, belowOnly: boolean) =>
    `\`${by}\` would remove everything below \`${dir}\`, including the protected \`${path}\`; remove only the entries you ` +
      `mean${belowOnly ? ' (for example with a `-name` test, or `-prune` of the protected path)' : ''}`,
  globMatchesProtected: (text: string, hit: string) => `the glob \`${text}\` could match \`${hit}\`, which is protected; name the entries you mean, or use ` +
    `a pattern that cannot match it`,
};

// ------------------------------------------------------------------ writes

export const write = {
  crontab: () => '`crontab` installs a table that runs commands later; leave scheduling to the user',
  hardLinkToProtected: (by: string, owner: string) => `\`${by}\` would make a hard link to the protected \`${owner}\`, which hides it behind another name; ` +
    `copy the file instead`,
  ofProtected: (by: string, path: string, reading: Reading, owner: string) =>
    `\`${by}\` would write ${shownAt(path, reading)}, which is or lies under the protected \`${owner}\`; write somewhere else`,
  listedHoldingProtected: (by: string, dir: string, path: string) =>
    `\`${by}\` could write anything below \`${dir}\`, including the protected \`${path}\`; narrow the listing (a \`--include\`/\`-name\` pattern, or a ` +
      `directory that holds no protected path)`,
  intoProtected: (by: string, dir: string, path: string, extraction: boolean) =>
    `\`${by}\` would write into \`${dir}\`, which holds the protected \`${path}\`; ` +
      `${extraction ? 'extract into a directory inside the tree' : 'limit it to the files you mean'}`,
  redirectionGlobUnderProtected: (by: string, text: string, owner: string) => `\`${by}\` would write what \`${text}\` matches, under the protected ` +
    `\`${owner}\`; write somewhere else`,
  globMatchesProtected: (text: string, hit: string) => `the glob \`${text}\` could match the protected \`${hit}\`; name the files you mean`,
  unfixed: (by: string, why: Unfixed) => `\`${by}\` writes a target the line does not fix (${unfixed(why)}); name the file literally`,
  unplacedName: (by: string, text: string) =>
    `\`${by}\` writes \`${text}\` relative to a directory the line changes to a place treeward cannot know; write by a path from where the line starts`,
  underProc: (by: string) => `\`${by}\` writes under \`/proc\`, whose paths lead anywhere; write a regular file`,
  throughPlaced: (by: string, text: string, placed: { path: string | null; extracted?: true }) =>
    `\`${by}\` writes \`${text}\` through ${through(placed)}, which an earlier part of the line ${placedHow(placed)}; write it in a ` +
      `separate command`,
  unresolved: (by: string, reading: Reading) => `\`${by}\` writes \`${reading.written}\`, whose links treeward cannot follow ` +
    `(${failure(reading.resolution)}); write a plain path`,
  globTarget: (text: string) => `the glob \`${text}\` in a write target is not fixed; name the files`,
  redirectionGlobMatchesProtected: (shell: string, text: string, hit: string, match: boolean) => match
    ? `the redirection writes a match of the glob \`${text}\` (a loop variable over it), which could be the protected \`${hit}\`; name the file`
    : `${shell} writes every file the redirection glob \`${text}\` matches, and it could match the protected \`${hit}\`; name the file`,
};

// ------------------------------------------------------------------ issue 13: programs treeward does not read

export const handed = {
  ofProtected: (by: string, path: string, reading: Reading, owner: string) =>
    `treeward does not know what \`${by}\` does with ${shownAt(path, reading)}, which is or lies under the protected \`${owner}\`, and will not assume ` +
      `it only reads it; use \`cat\`, \`grep\` or \`diff\` to look at the file, otherwise work on a copy inside the tree`,
  globOfProtected: (by: string, text: string, hit: string) =>
    `treeward does not know what \`${by}\` does with what \`${text}\` matches, which could be the protected \`${hit}\`; name the files you mean`,
  holdingProtected: (by: string, path: string, reading: Reading, held: string) =>
    `treeward does not know what \`${by}\` does with ${shownAt(path, reading)}, which holds the protected \`${held}\`, and will not assume ` +
      'it leaves what is below alone; name a path below it that holds nothing protected, or use a program treeward reads (`ls`, `du`, `find`)',
};

// ------------------------------------------------------------------ code, agents, git, budgets

export function agentLaunch(name: string, checksOff: readonly string[], settings: readonly string[]): string {
  const extra = [
    checksOff.length ? ` with ${checksOff.map((f) => `\`${f}\``).join(', ')}, which turns its own checks off` : '',
    settings.length ? `, with its settings taken from ${settings.map((v) => `\`${v}\``).join(', ')}` : '',
  ].join('');
  return `the line starts the coding-agent harness \`${name}\`${extra}; agents may not launch other agents unattended: do the work yourself or ask the user`;
}

export function inlineCode(language: string, finding: InlineFinding): string {
  const literals = finding.source === 'unread-call' && finding.what !== 'syntax' ? 'write its paths and commands as string literals, or ' : '';
  return `inline ${language} code that treeward will not approve: ${inlineFinding(finding, language)}; ${literals}put the code in a script file in the ` +
    `tree and run that in a separate command, or use shell commands treeward can read`;
}

export function dynamicCode(fact: CodeFact): string {
  const what = code(fact);
  // a sentence that already says what to do keeps its own way forward
  if (what.includes('; ')) return `code assembled at run time: ${what}`;
  const evaluated = fact.source === 'unfixed' && fact.via.includes('eval')
    ? 'run the commands it would print yourself (for `eval "$(brew shellenv)"`: `export PATH=/opt/homebrew/bin:$PATH`), or '
    : '';
  return `code assembled at run time: ${what}; ${evaluated}write the command out literally in the line, or put it in a script file in the tree and ` +
    'run that in a separate command';
}

export const gitSetting = {
  refused: (setting: string, why: string) =>
    `git would run \`${setting}\` as a command: ${why}${why.includes('; ') ? '' : '; give the setting a fixed command treeward can read, or leave it out'}`,
  unknownDirectory: () => 'git runs in a directory the line leaves unknown; run git from the tree',
  outsideTree: (reading: Reading) => `git runs from ${shown(reading)}, outside the working tree; run git from the tree`,
  afterWrites: () => 'an earlier part of the line wrote or removed files, which that command could run; give the setting in a separate command',
  commandRefused: (id: string, reason: string) => `the command it names is refused (${id}: ${reason})`,
};

/** The line is past one of treeward's budgets, or does what treeward does not follow. */
export function tooComplex(past: Complexity): string {
  switch (past.source) {
    case 'judging-work': {
      const budget = budgets.maxJudgingWork.toLocaleString('en-US');
      return pastBudget(`judging it takes more work than ${budget} (its text, counted again each time it is judged: a function's body at every call, a ` +
        `loop's body at every pass, a word once for each field it expands to)`);
    }
    case 'code-depth': return pastBudget(`code nested more than ${budgets.maxCodeDepth} levels deep (shells inside shells, eval, functions)`);
    case 'nested-parse': return pastBudget(`the code inside is past treeward's budget: ${past.message}`);
    case 'expansion': return wordPastBudget(past.why);
    case 'recursion': {
      const name = past.name === undefined ? 'an anonymous function' : `\`${past.name ?? 'the function'}\``;
      return `${name} calls itself, and treeward does not follow a function into itself; write the steps out, or use a loop`;
    }
  }
}

/** Past one of treeward's budgets: `what` says which. */
export function pastBudget(what: string): string {
  return `the line is past one of treeward's budgets: ${what}; split it into simpler commands`;
}

/** A word past the expansion budget. */
export function wordPastBudget(why: Unfixed): string {
  return pastBudget(`a word ${unfixed(why)}`);
}

// ------------------------------------------------------------------ the line as a whole (approve.ts)

const shWho: Readonly<Record<ShReading, string>> = {
  dash: 'as /bin/sh reads the line where it is dash, on Debian and Ubuntu; bash in POSIX mode reads it otherwise',
  'bash-posix': 'as /bin/sh reads the line where it is bash in POSIX mode, on macOS, Fedora, RHEL and Arch; dash reads it otherwise',
};

export const line = {
  /**
   * A refusal by one of the two readings of sh (issue 14 item 5) that the other `/bin/sh` does not make: which one it is,
   * so the agent knows the line is fine under the other (SPEC §1: approved only when clean under every `/bin/sh` it may meet).
   */
  oneShReading: (reason: string, reading: ShReading) => `${reason} (${shWho[reading]})`,
  unparsable: (dialect: string, message: string) => `the line does not parse as ${dialect}: ${message}; fix the syntax (treeward refuses what it cannot read)`,
  /** A parse past the parser's budget (its BudgetError's message). */
  parsePastBudget: (message: string) => `${message}; split the line into simpler commands`,
  strayCloser: (message: string) =>
    `${message}: inside \`cd -- DIR && { … }\` it would close the group early and run the rest outside the tree; remove the stray closer`,
  empty: () => 'the line is empty or only comments, so there is nothing to run; send the command you mean to run',
  finalBackslash: () => 'the line ends in a backslash, which would join it to the closing `}` of the group it runs in; remove the final backslash',
  handBack: (problem: HandBackProblem) =>
    `${handBack(problem)}; treeward runs the line as \`cd -- DIR && { … }\` and it must stay one group; run its parts as separate commands`,
  /** Thrown past the lookup or nesting budget while judging. */
  pastBudget: () => 'the line is past treeward\'s budget for filesystem lookups or nesting; split it into simpler commands',
  /** `failed`: the fs seam's failure (null: an internal error). */
  internalError: (failed: { code: string; path: string } | null) => {
    let what = 'an internal error';
    if (failed?.code === 'ECHANGED') what = `the filesystem changed at \`${failed.path}\` while treeward read it`;
    else if (failed) what = `reading \`${failed.path}\` failed (${failed.code})`;
    return `treeward could not judge the line: ${what}; nothing was approved, try a simpler command`;
  },
};

function handBack(problem: HandBackProblem): string {
  switch (problem.source) {
    case 'unparsable': return `inside \`cd -- DIR && { … }\` the line no longer reads as one command: ${problem.message}`;
    case 'ends-group': return 'the line ends the group `{ … }` before its end, and what follows would run outside it';
    case 'background': return 'the group would run in the background';
    case 'more-commands': return 'the line would join more commands to `cd … && { … }` than the group';
    case 'cd-not-alone': return 'the `cd` no longer stands alone';
    case 'cd-elsewhere': return 'the `cd` no longer names the directory';
    case 'group-piped': return 'the group is piped or negated';
    case 'not-one-group': return 'the line does not stay inside one `{ … }` group';
    case 'closes-early': return 'the line closes the group `{ … }` before its end, and what follows would run outside it';
    case 'runs-outside': return 'part of the line would run outside the group';
  }
}

// ------------------------------------------------------------------ issue 17: the git-history pack (rules/git-history.ts)

/** What each form loses, and the safer form to use instead. */
const gitHistoryForms: Record<Exclude<GitHistoryForm, { unfixed: string }>, string> = {
  'push --force': '`git push --force` replaces the remote branch with yours and drops the commits others pushed there; use `git push --force-with-lease`, ' +
    'which refuses when the remote moved',
  'push --mirror': '`git push --mirror` makes every ref of the remote match yours, overwriting and deleting the remote\'s own branches and tags; push the ' +
    'branches you mean by name',
  'push --delete': '`git push --delete` deletes the branch or tag on the remote, with any commits only it holds; leave remote branches to the user',
  'push --prune': '`git push --prune` deletes every remote branch you have no local branch for; push the branches you mean by name',
  'push +refspec': 'a `+` refspec force-pushes that branch, dropping the commits others pushed there; use `git push --force-with-lease` with the ' +
    'plain refspec',
  'push :ref': 'a refspec `:BRANCH` with no source deletes that branch on the remote, with any commits only it holds; leave remote branches to the user',
  'reset --hard': '`git reset --hard` throws away every uncommitted change in the working tree and the index, which git cannot bring back; run `git stash` ' +
    'them first, or use `git reset --keep`',
  'clean --force': '`git clean` deletes untracked files, which git never had and cannot bring back; look with `git clean -n` and remove the files by name, ' +
    'or `git stash -u`',
  'checkout --force': '`git checkout --force` throws away the uncommitted changes of every file it switches; run `git stash` first, or `git switch -c NEW` ' +
    'to keep them on a new branch',
  'checkout -- paths': '`git checkout` of paths overwrites their uncommitted changes, which git cannot bring back; run `git stash` first, or `git diff` them ' +
    'to a file',
  'checkout -B': '`git checkout -B` resets a branch that exists to another commit, dropping the commits only it held; use `git switch -c NEW` for a new ' +
    'branch',
  'switch --discard-changes': '`git switch --discard-changes` (or `--force`) throws away uncommitted changes; run `git stash` first, or `git switch -c NEW` ' +
    'to keep them',
  'switch -C': '`git switch -C` resets a branch that exists to another commit, dropping the commits only it held; use `git switch -c NEW`',
  restore: '`git restore` overwrites the working tree\'s uncommitted changes to those paths, which git cannot bring back; run `git stash` first, or ' +
    '`git restore --staged` to unstage only',
  'branch -D': '`git branch -D` deletes a branch even when its commits are merged nowhere, and they are then reachable only through the reflog; use ' +
    '`git branch -d`, which refuses an unmerged branch',
  'branch -M': '`git branch -M` (or `-C`, or `-m`/`-c` with `--force`) overwrites a branch that exists, dropping the commits only it held; rename or ' +
    'copy to a new name',
  'branch --force': '`git branch --force` resets a branch that exists to another commit, dropping the commits only it held; use `git switch -c NEW`',
  'tag --delete': '`git tag --delete` deletes a tag, and an annotated tag\'s object with it; leave tags to the user',
  'tag --force': '`git tag --force` moves a tag that exists, so it no longer names the release it named; make a new tag',
  'update-ref': '`git update-ref` moves or deletes a ref without any of the checks `git branch` and `git switch` make; use those instead',
  'filter-branch': 'a history filter rewrites every commit of the branches it is given; work on a new branch (`git switch -c NEW`) and leave rewriting ' +
    'to the user',
  'gc --prune': '`git gc --prune=…` deletes unreachable commits sooner than git\'s two weeks, after which no reflog can bring them back; run `git gc` ' +
    'without `--prune`',
  prune: '`git prune` deletes every unreachable object now, including commits that lost their branch; run `git gc`, which keeps two weeks of them',
  'reflog expire': '`git reflog expire` (or `delete`) removes the reflog entries that are the only way back to commits a reset or a rebase left behind; ' +
    'leave the reflog to git',
  'stash drop': '`git stash drop` deletes a stash, the uncommitted changes it saved; apply it with `git stash pop`, or keep it with `git stash branch NEW`',
  'stash clear': '`git stash clear` deletes every stash, the uncommitted changes they saved; drop nothing, or `git stash branch NEW` the ones to keep',
  'worktree remove --force': '`git worktree remove --force` deletes a worktree with its uncommitted changes and untracked files; commit or stash them ' +
    'there first, then `git worktree remove`',
};

/** The git-history pack's sentence for a form it refuses. */
export function gitHistory(form: GitHistoryForm): string {
  if (typeof form === 'object') {
    return `with the git-history pack on, \`git ${form.unfixed}\` is given a word the line does not fix, which could make it lose work (\`--force\`, ` +
      '`--hard`, a `+` or `:` refspec, a path); spell the words out';
  }
  return `with the git-history pack on: ${gitHistoryForms[form]}`;
}

// ------------------------------------------------------------------ issue 17: the tree's own scripts (programs/package-scripts.ts)

const packageScriptProblems: Record<PackageScriptProblem, (via: string, file: string) => string> = {
  name: (via) => `${via} runs a script whose name the line does not fix, so treeward cannot read which one; spell the name out`,
  directory: (via) => `${via} runs a script of the package.json where it runs, and the line leaves that directory unknown; run it from a fixed directory`,
  unreadable: (via, file) =>
    `${via} runs a script of \`${file}\`, which treeward cannot read; check that it is a readable file, or run the script's commands themselves`,
  'not-json': (via, file) => `${via} runs a script of \`${file}\`, which does not read as JSON, so treeward cannot tell which script runs`,
  'not-text': (via, file) => `${via} runs a script of \`${file}\` that is not a string, which treeward cannot read`,
  written: (via, file) => `${via} runs a script from \`${file}\`, which an earlier part of the line wrote, so treeward cannot read what it runs; write the ` +
    'file in one command and run the script in another',
  workspace: (via) => `${via} runs the scripts of a workspace treeward cannot find (a workspace is read only by its directory); run the script from ` +
    'the workspace\'s directory',
  arguments: (via) => `${via} appends arguments the line does not fix to the script, which runs them with the shell; spell them out`,
  shell: (via, file) => `${via} runs its scripts with the \`script-shell\` of \`${file}\`, a shell treeward does not read; use sh, bash or zsh`,
};

function packageScript(fact: Extract<CodeFact, { source: 'package-script' }>): string {
  return packageScriptProblems[fact.why](fact.via, fact.file ?? 'package.json');
}

// ---------------------------------------------------------------- issue 16: inline code read by a tokenizer

/** What the inline-code reader (programs/inline/) could not read in a call or construct. */
export function inlineUnread(api: string, what: InlineUnread, language: string, detail?: string): string {
  const named = `\`${api}\``;
  switch (what) {
    case 'path': return `it calls ${named} with a path that is not a string literal (or literals joined), which treeward cannot judge`;
    case 'command': return `it calls ${named} with a command that is not a literal list or string`;
    case 'mode': return `it calls ${named} with a mode that is not a string literal`;
    case 'options': return `it calls ${named} with options treeward does not read (an environment of its own, \`executable\`, \`preexec_fn\`)`;
    case 'directory': return `${named} runs or writes in a directory of its own choosing, which treeward does not follow`;
    case 'api': return `it uses ${named}, which treeward does not read`;
    case 'value': return `it passes ${named} on as a value, which treeward cannot follow`;
    case 'code': return `it runs code built at run time (${named})`;
    case 'name': return `it names a module or member by a computed name (${named})`;
    case 'syntax': return `treeward's ${language} tokenizer cannot read it (${detail ?? 'it stopped'})`;
  }
}

// ------------------------------------------------------------------ issue 14: platforms

/** A target that is a protected path by identity (device and inode) under another name. */
export const sameAsProtected = {
  removal: (by: string, path: string, owner: string) =>
    `\`${by}\` would remove \`${path}\`, which is the protected \`${owner}\` under another name (the same file or directory: a second mount, ` +
    'a hard link or another spelling); leave it in place',
  write: (by: string, path: string, owner: string) =>
    `\`${by}\` would write \`${path}\`, which is the protected \`${owner}\` or a file in it under another name (the same file or directory: ` +
    'a hard link, a second mount or another spelling); write somewhere else',
};
