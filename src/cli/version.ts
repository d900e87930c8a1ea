// The package's version, which the build writes in (esbuild's `define`, from
// package.json: scripts/binary.mjs) and vitest.config.ts defines the same way.

declare const TREEWARD_VERSION: string;

/** `treeward --version`. */
export const version: string = typeof TREEWARD_VERSION === 'string' ? TREEWARD_VERSION : '0.0.0-unbuilt';
