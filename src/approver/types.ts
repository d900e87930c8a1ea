// The approver's public vocabulary (options, verdicts, decision ids), at the
// path src/cli and the library entry import it from.

export { denyIds, packDenyIds, packNames, type ApproveOptions, type DenyId, type InlineCodePolicy, type PackName, type Verdict } from './core/types.js';
