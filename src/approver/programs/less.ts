// less: the preprocessor `LESSOPEN`/`LESSCLOSE` name, which less runs
// through the shell for each file, the log files it copies its input to, and
// `+` commands that run a shell.

import { type Action, runsCode, type Invocation, type ProgramRow } from '../core/actions.js';
import { type Argument, derivedArgument } from '../core/arguments.js';
import { shQuote, unfixedWord } from '../core/sh-quote.js';

export const rows: ProgramRow[] = [{ names: ['less'], read: readLess }];

/**
 * less: `LESSOPEN`/`LESSCLOSE` set by the line name a preprocessor less runs
 * through the shell with `%s` replaced by each file; `-o FILE`/`-O FILE`
 * copy the input to a file; a `+` command with `!` or `|` runs a shell.
 */
function readLess({ args, ctx, span }: Invocation): Action[] {
  const out: Action[] = [];
  const files: Argument[] = [];
  const words: { arg: Argument; text: string | null }[] = args.slice(1).map((arg) => ({ arg, text: arg.text }));
  const lessVariable = ctx.environment.get('LESS');
  // the options in `LESS` come first, as if typed before the command line's own
  if (typeof lessVariable === 'string') {
    words.unshift(...lessVariable.split(/\s+/).filter(Boolean).map((w) => ({ arg: derivedArgument(args[0]!, w), text: w })));
  } else if (lessVariable !== undefined) out.push(runsCode(span, { source: 'unfixed', via: '`LESS`', what: 'less options' }));
  let ended = false;
  for (let i = 0; i < words.length; i++) {
    const { arg, text } = words[i]!;
    if (ended || text === null || (!text.startsWith('-') && !text.startsWith('+')) || text === '-') {
      files.push(arg);
      continue;
    }
    if (text === '--') { ended = true; continue; }
    const log = /^(?:-[oO]|--log-file=|--LOG-FILE=)(.*)$/.exec(text);
    if (log) {
      const value = log[1] !== '' ? derivedArgument(arg, log[1]!) : words[++i]?.arg;
      if (value) out.push({ kind: 'write', arg: value, by: 'less -o' });
      continue;
    }
    if (text === '--log-file' || text === '--LOG-FILE') {
      const value = words[++i]?.arg;
      if (value) out.push({ kind: 'write', arg: value, by: 'less -o' });
      continue;
    }
    if (/^(?:\+|--cmd=)/.test(text) && /^(?:\+|--cmd=)\d*[!|sv#]|^(?:\+|--cmd=)[^/?].*[!|]/.test(text)) {
      out.push(runsCode(arg.word.span, { source: 'changes-commands', via: 'a less command', how: 'less command' }));
    }
  }
  for (const variable of ['LESSOPEN', 'LESSCLOSE']) {
    const value = ctx.environment.get(variable);
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      out.push(runsCode(span, { source: 'unfixed', via: `\`${variable}\``, what: 'less command' }));
      continue;
    }
    const code = value.replace(/^\|{0,2}-?/, '');
    if (code.trim() === '') continue;
    for (const file of files.length > 0 ? files : [derivedArgument(args[0]!, '-')]) {
      const name = file.text === null ? unfixedWord : shQuote(file.text);
      let count = 0;
      const filled = code.replace(/%s/g, () => (count++ === 0 ? name : unfixedWord));
      out.push({ kind: 'shell-code', code: filled, span, dialect: 'sh' });
    }
  }
  return out;
}

