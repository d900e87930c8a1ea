// Kept only for src/cli/config.ts, which imports trimTrailingSlashes from
// here on main; the CLI's redesign no longer does, and this file goes once
// that branch is merged.

export { trimTrailingSlashes } from './core/path-text.js';
