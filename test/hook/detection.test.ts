// Telling a request's harness from the request alone (issue 15 item 1): every
// recorded request is claimed by its own harness's adapter and by no other's
// mark; text that does not parse is answered in the right form where its text
// shows it; each adapter keeps its shell tool names with their source.

import { describe, expect, it } from 'vitest';
import { adapters, detectFormat, sniffFormat } from '../../src/cli/harness/index.js';
import { makeScratch, request } from './support.js';

const scratch = makeScratch();

/** Each recorded request and the harness that sends it. */
const recorded: [string, string][] = [
  ['claude-bash', 'claude'], ['claude-monitor', 'claude'], ['claude-powershell', 'claude'], ['claude-read', 'claude'],
  ['codex-bash', 'codex'], ['codex-apply-patch', 'codex'],
  ['gemini-shell', 'gemini'], ['gemini-read', 'gemini'],
  ['cursor-before-shell', 'cursor'], ['cursor-pre-tool-use', 'cursor'], ['cursor-pre-tool-use-read', 'cursor'], ['cursor-claude-shell', 'cursor'],
  ['copilot-bash', 'copilot'], ['copilot-view', 'copilot'], ['copilot-powershell', 'copilot'],
  ['droid-execute', 'droid'],
  // Droid's other tools, and Augment's unhyphenated ones, carry no mark of their harness: read as Claude Code's, whose answer (none) is theirs too
  ['droid-read', 'claude'], ['augment-view', 'claude'],
  ['qwen-shell', 'qwen'], ['qwen-read', 'qwen'],
  ['crush-bash', 'crush'], ['crush-view', 'crush'],
  ['cline-sdk-run-commands', 'cline'], ['cline-extension-execute', 'cline'], ['cline-read', 'cline'],
  ['windsurf-run-command', 'windsurf'], ['windsurf-read-code', 'windsurf'],
  ['kimi-shell', 'kimi'], ['kimi-code-bash', 'kimi'], ['kimi-read', 'kimi'],
  ['kiro-execute-bash', 'kiro'], ['kiro-shell', 'kiro'], ['kiro-read', 'kiro'],
  ['augment-launch-process', 'augment'],
];

describe('detection from the request alone', () => {
  it.each(recorded)('%s is %s\'s', (name, format) => {
    expect(detectFormat(request(name, scratch))).toBe(format);
  });

  it.each(recorded)('%s carries the mark of no other harness', (name, format) => {
    // Claude Code's adapter reads the shared envelope and is tried last; every other adapter's mark must be its own
    const claimants = adapters.filter((adapter) => adapter.format !== 'claude' && adapter.detect(request(name, scratch))).map((adapter) => adapter.format);
    expect(claimants).toEqual(format === 'claude' ? [] : [format]);
  });

  it('reads a request with no harness\'s mark as no harness\'s', () => {
    expect(detectFormat({ command: 'ls' })).toBeNull();
    expect(detectFormat({})).toBeNull();
  });

  it.each([
    ['codex-bash', 'codex'], ['gemini-shell', 'gemini'], ['cursor-before-shell', 'cursor'], ['copilot-bash', 'copilot'], ['crush-bash', 'crush'],
    ['cline-sdk-run-commands', 'cline'], ['windsurf-run-command', 'windsurf'], ['kimi-shell', 'kimi'], ['kiro-execute-bash', 'kiro'], ['claude-bash', 'claude'],
    ['qwen-shell', 'qwen'], ['augment-launch-process', 'augment'], ['droid-execute', 'droid'],
  ])('tells %s from its text cut short, so the deny is in %s\'s form', (name, format) => {
    const text = JSON.stringify(request(name, scratch));
    expect(sniffFormat(text.slice(0, text.length - 3))).toBe(format);
  });
});

describe('each adapter', () => {
  it.each(adapters.map((adapter) => [adapter.format, adapter] as const))('%s names its shell tools, each with where it was read', (_format, adapter) => {
    expect(adapter.shellTools.length).toBeGreaterThan(0);
    for (const tool of adapter.shellTools) expect(tool.source).toMatch(/\[(?:src|docs|3p|unverified)/);
    expect(new Set(adapter.shellTools.map((tool) => tool.name)).size).toBe(adapter.shellTools.length);
    expect(adapter.source).toMatch(/protocols\.md §\d+/);
  });
});
