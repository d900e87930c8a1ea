// Standard input and output as plain descriptors, read and written
// synchronously. Input is never read past a limit: a request larger than the
// hook accepts is refused, not buffered whole.

import { readSync, writeSync } from 'node:fs';

/** Waits `ms` milliseconds without spinning (a non-blocking pipe that is not ready yet). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Past the limit, input is read and dropped up to this much more, so the writer is not cut off mid-write. */
const maxDrained = 256 << 20;

/**
 * Up to `limit + 1` bytes of fd 0 (one byte past the limit tells the caller it
 * was exceeded). The rest of an oversize input is read and dropped: a harness
 * whose write to the hook fails with EPIPE may count the hook as failed, and
 * some then run the command.
 */
export function readStdinLimited(limit: number): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let drained = 0;
  const chunk = Buffer.allocUnsafe(1 << 16);
  while (drained < maxDrained) {
    let n: number;
    try {
      n = readSync(0, chunk, 0, chunk.length, null);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EAGAIN') {
        // a non-blocking pipe with nothing in it yet: wait a little, then read again
        pause(2);
        continue;
      }
      if (code === 'EOF') break;
      throw error;
    }
    if (n === 0) break;
    if (total > limit) {
      drained += n;
      continue;
    }
    const kept = Math.min(n, limit + 1 - total);
    chunks.push(Buffer.from(chunk.subarray(0, kept)));
    total += kept;
    drained += n - kept;
  }
  return Buffer.concat(chunks, total);
}

/** All of `text` to descriptor `fd`. A reader that has gone away (EPIPE) is not an error: nobody is left to tell. */
export function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'EAGAIN') {
        pause(2);
        continue;
      }
      if (code === 'EPIPE') return;
      throw error;
    }
  }
}
