// `playq serve` refuses to expose data on the published demo credentials: `--data` or a
// non-loopback `--host` without `--credentials` is a usage error saying how to write the file; the
// credentials file needs long secrets; the CORS and proxy flags take only well-formed values.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliIo, run } from '../src/index';
import { isLoopback } from '../src/serve/exposure';
import { tempDir } from './helpers';

/** Runs the CLI in process; resolves the exit code and stderr (no service is started on refusal). */
async function cli(args: string[], cwd?: string): Promise<{ code: number; err: string }> {
  const err: string[] = [];
  const io: CliIo = {
    stdout: { write: () => true },
    stderr: { write: (t: string) => err.push(t) },
    env: {},
    ...(cwd !== undefined ? { cwd } : {}),
  };
  const code = await run(args, io);
  return { code, err: err.join('') };
}

describe('playq serve without --credentials', () => {
  it('refuses --data, saying how to make the credentials file', async () => {
    const r = await cli(['serve', '--data', './data', '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--data serves your own data, so it needs --credentials FILE');
    expect(r.err).toContain('"customerId":"acme","apiKey":"<random>"');
    expect(r.err).toContain('openssl rand -hex 24');
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'example.com'])('refuses --host %s', async (host) => {
    const r = await cli(['serve', '--host', host, '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--host ${host} listens beyond this machine, so it needs --credentials FILE`);
  });
});

describe('isLoopback', () => {
  it('knows the loopback names and addresses', () => {
    for (const h of ['127.0.0.1', '127.8.9.10', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopback(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', 'localhost.example', '128.0.0.1', '::ffff:10.0.0.1'])
      expect(isLoopback(h)).toBe(false);
  });
});

describe('the credentials file', () => {
  it('needs secrets of at least 16 characters', async () => {
    const dir = tempDir();
    const file = join(dir, 'c.json');
    const entry = {
      customerId: 'a',
      apiKey: 'short',
      clientId: 'a',
      clientSecret: 'x'.repeat(16),
      planLevel: 1,
    };
    writeFileSync(file, JSON.stringify([entry]), { mode: 0o600 });
    const r = await cli(['serve', '--data', dir, '--credentials', file, '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--credentials ${file}: entry 0 has a "apiKey" shorter than 16 characters`);
  });

  it('is refused when other users can read it, naming the fix and no secret', async () => {
    const dir = tempDir();
    const file = join(dir, 'c.json');
    const secret = 'shared-secret-0123456789';
    const entry = { customerId: 'a', apiKey: secret, clientId: 'a', clientSecret: secret, planLevel: 1 };
    writeFileSync(file, JSON.stringify([entry]), { mode: 0o640 });
    const r = await cli(['serve', '--data', dir, '--credentials', file, '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      `--credentials ${file}: other users can read it (mode 640); run \`chmod 600 ${file}\``,
    );
    expect(r.err).not.toContain(secret);
  });
});

describe('exposure flags', () => {
  it.each([
    ['--cors-origin', 'https://dash.example.com/path', '--cors-origin takes * or origins'],
    ['--cors-origin', 'dash.example.com', '--cors-origin takes * or origins'],
    ['--cors-origin', ' , ', '--cors-origin needs * or at least one origin'],
    ['--trusted-proxy', '10.0.0.0/40', '--trusted-proxy takes IP addresses or CIDR ranges'],
    ['--trusted-proxy', 'proxy.local', '--trusted-proxy takes IP addresses or CIDR ranges'],
  ])('%s %j is a usage error', async (flag, value, message) => {
    const r = await cli(['serve', flag, value, '--port', '0']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});
