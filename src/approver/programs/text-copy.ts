// cat: it copies its stdin to its stdout and does nothing else, so a quoted
// here-document through it (`cat <<'EOF' > f`) writes exactly that text;
// the walk asks the row (walk/redirects.ts) instead of reading `cat` itself.

import type { ProgramRow } from '../core/actions.js';

// cat(1) (GNU coreutils 9.x): every option changes only what it prints
export const rows: ProgramRow[] = [{ names: ['cat'], copiesStdinToStdout: true, optionsHarmless: true, read: () => [] }];

/**
 * The words the wrappers that hand their command stdin and stdout
 * (`passesStdio`) may take before it: `nice -n 5 cat`, `timeout 10s cat`,
 * `stdbuf -oL cat`, `env FOO=1 cat`.
 */
export const wrapperWordBeforeCopy = /^(-n|-p|-i|-[eio][L0-9]+|-?[0-9]+[smhd]?|[A-Za-z_][A-Za-z0-9_]*=.*)$/;
