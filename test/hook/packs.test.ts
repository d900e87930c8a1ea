// The opt-in packs (issue 17) through the hook: `packs` in the configuration
// reaches approve(), so `git reset --hard` is refused with the pack's id only
// when the configuration turns the git-history pack on.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type HookArguments, judgeHook } from '../../src/cli/hook.js';
import { hookEnv, makeScratch, request, type Scratch } from './support.js';

const scratch: Scratch = makeScratch();
afterAll(() => scratch.cleanup());

const args = (more: Partial<HookArguments> = {}): HookArguments => ({ format: null, config: null, shell: null, tree: null, runDirs: [], usageError: null, ...more });

function answer(command: string, more: Partial<HookArguments> = {}) {
  const input = request('claude-bash', scratch, { tool_input: { command } });
  return judgeHook(Buffer.from(JSON.stringify(input)), args(more), { env: hookEnv(scratch), cwd: scratch.tree, platform: 'linux' }).verdict?.answer;
}

describe('the git-history pack in the configuration', () => {
  it('is off by default', () => {
    expect(answer('git reset --hard')?.decision).toBe('allow');
  });

  it('refuses with its own id when the configuration turns it on', () => {
    const config = join(scratch.dir, 'packs.json');
    writeFileSync(config, '{"packs": ["git-history"]}\n');
    expect(answer('git reset --hard', { config })).toMatchObject({ decision: 'deny', id: 'git-discards-changes' });
    expect(answer('git push --force-with-lease origin main', { config })?.decision).toBe('allow');
  });
});
