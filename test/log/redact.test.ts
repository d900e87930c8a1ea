// The audit log's redaction table (src/cli/redact.ts, issue 17 item 1): every
// pattern redacts its example to the shape it gives and leaves its near miss
// alone; overlapping secrets are replaced once; spans follow the redaction.

import { describe, expect, it } from 'vitest';
import { redact, secretPatterns } from '../../src/cli/redact.js';

describe.each(secretPatterns.map((row) => ({ ...row })))('$name', (row) => {
  it('redacts its example, keeping the words around the secret', () => {
    expect(redact(row.example[0]).text).toBe(row.example[1]);
  });

  it('leaves a text like it that holds no secret', () => {
    expect(redact(row.notSecret).text).toBe(row.notSecret);
  });
});

describe('redact', () => {
  it('covers every kind of secret issue 17 names', () => {
    const names = secretPatterns.map((row) => row.name);
    for (const name of ['github-token', 'gitlab-token', 'openai-key', 'anthropic-key', 'aws-access-key', 'slack-token', 'npm-token', 'jwt',
      'authorization', 'cookie', 'password-option', 'mysql-password', 'url-credentials', 'secret-variable']) {
      expect(names).toContain(name);
    }
  });

  it('replaces a secret two patterns find once, by the first row', () => {
    expect(redact('GH_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345 gh pr list').text).toBe('GH_TOKEN=<redacted:github-token> gh pr list');
  });

  it('redacts every secret on a line of several', () => {
    const line = "export OPENAI_API_KEY=abc && curl -H 'Cookie: a=b' https://u:p@h/x";
    expect(redact(line).text).toBe("export OPENAI_API_KEY=<redacted:secret-variable> && curl -H 'Cookie: <redacted:cookie>' https://u:<redacted:url-credentials>@h/x");
  });

  it('redacts a private key whose END line is not in the text', () => {
    expect(redact('cat > id <<E\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA').text).toBe('cat > id <<E\n-----BEGIN RSA PRIVATE KEY-----<redacted:private-key>');
  });

  it('maps offsets of the original into the redacted text', () => {
    const line = 'TOKEN=hunter2 rm -rf /';
    const redacted = redact(line);
    const start = line.indexOf('rm');
    expect(redacted.text.slice(redacted.offset(start), redacted.offset(line.length, true))).toBe('rm -rf /');
    // an offset inside the secret lands at its replacement's edges
    expect(redacted.offset(8)).toBe(6);
    expect(redacted.offset(8, true)).toBe('TOKEN=<redacted:secret-variable>'.length);
  });

  it('leaves a text without secrets as it is, and is quick on a long line', () => {
    const long = `echo ${'word '.repeat(200_000)}`;
    const started = performance.now();
    expect(redact(long).text).toBe(long);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the needles', () => {
  it.each(secretPatterns.map((row) => [row.name, row]))('%s: its example holds one of them, in lower case', (_name, row) => {
    expect(row.needles.every((needle) => needle === needle.toLowerCase())).toBe(true);
    expect(row.needles.some((needle) => row.example[0].toLowerCase().includes(needle))).toBe(true);
  });
});
