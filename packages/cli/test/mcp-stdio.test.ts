// `playq mcp` over stdio bounds each message line: one too large is dropped as it arrives and
// answered with a JSON-RPC error (and a word on stderr), and the server goes on answering.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { boundedLines, tooLargeReply } from '../src/mcp/stdio-lines';
import { BIN } from './helpers';

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts).toString('utf8');
}

describe('boundedLines', () => {
  test.prop([
    fc.array(
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/\n/g, '')),
      {
        maxLength: 12,
      },
    ),
    fc.array(fc.integer({ min: 1, max: 17 }), { minLength: 1, maxLength: 8 }),
    fc.integer({ min: 0, max: 30 }),
  ])(
    'passes every line within the limit whole, in order, and tells once per line over it',
    async (lines, cuts, max) => {
      const text = Buffer.from(lines.map((l) => `${l}\n`).join(''));
      const chunks: Buffer[] = [];
      for (let at = 0, i = 0; at < text.length; i++) {
        const size = cuts[i % cuts.length]!;
        chunks.push(text.subarray(at, at + size));
        at += size;
      }
      let told = 0;
      const out = await collect(Readable.from(chunks).pipe(boundedLines(max, () => told++)));
      const kept = lines.filter((l) => Buffer.byteLength(l) <= max);
      expect(out).toBe(kept.map((l) => `${l}\n`).join(''));
      expect(told).toBe(lines.length - kept.length);
    },
  );

  it('keeps a last line without its newline', async () => {
    const out = await collect(Readable.from([Buffer.from('a\nbc')]).pipe(boundedLines(10, () => {})));
    expect(out).toBe('a\nbc');
  });
});

describe('playq mcp over stdio, given a message over 10 MiB', () => {
  it('answers it with a JSON-RPC error, says so on stderr, and answers the next message', async () => {
    const child = spawn(process.execPath, [BIN, 'mcp'], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', PLAYQ_API_KEY: 'stdio-test-key-0123' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stdout = collect(child.stdout);
    const stderr = collect(child.stderr);
    const huge = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"pad":"${'x'.repeat(11 * 1024 * 1024)}"}}\n`;
    child.stdin.write(huge);
    child.stdin.end(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} })}\n`);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = (await stdout).trimEnd().split('\n');
    expect(lines[0]).toBe(tooLargeReply(10 * 1024 * 1024).trimEnd());
    expect(JSON.parse(lines[0]!)).toMatchObject({ id: null, error: { code: -32600 } });
    const next = JSON.parse(lines[1]!);
    expect(next.id).toBe(2);
    expect(next.result.tools.length).toBeGreaterThan(0);
    expect(await stderr).toContain('a message over 10 MiB arrived on stdin; it was dropped');
    expect(code).toBe(0);
  }, 60_000);
});
