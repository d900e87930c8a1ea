// Quoting for sh: one word the shell reads back as exactly the text given.

/** A text quoted as one literal shell word: single quotes, `'` written as `'\''`. */
export function quoteWord(text: string): string {
  return "'" + text.replace(/'/g, "'\\''") + "'";
}

/** One word quoted for sh only when it needs it: plain words (`a.txt`, `--x=1`) stay as they are. */
export function shQuote(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : quoteWord(text);
}

/** A word standing for a value the line does not fix, inside sh code treeward writes (no line sets it). */
export const unfixedWord = '"${__treeward_unfixed}"';
