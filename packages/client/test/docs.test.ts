// Runs every TypeScript example of docs/client.md against a live reference service on
// 127.0.0.1, so the documentation cannot drift from the code. Imports are mapped to the
// packages' sources; the examples' address is replaced by the test service's.
import { readFileSync } from 'node:fs';
import { format } from 'node:util';
import { createService, type Service } from '@playq/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const doc = readFileSync(new URL('../../../docs/client.md', import.meta.url), 'utf8');
const examples = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
/** An example that starts its own service shows its output in the ```text block after it. */
const outputs = new Map(
  [...doc.matchAll(/```ts\n([\s\S]*?)```\n\n```text\n([\s\S]*?)```/g)]
    .filter((m) => m[1]!.includes('createService('))
    .map((m) => [m[1]!, m[2]!]),
);

let service: Service;
let origin: string;

beforeAll(async () => {
  service = await createService({ data: { generate: { sessions: 3000, seed: 3 } }, rateLimit: false });
  origin = (await service.listen({ port: 0, host: '127.0.0.1' })).url;
}, 60_000);

afterAll(async () => {
  await service?.close();
});

async function runExample(source: string): Promise<unknown[][]> {
  const modules: Record<string, unknown> = {
    '@playq/client': await import('../src/index'),
    '@playq/query': await import('@playq/query'),
    '@playq/server': await import('@playq/server'),
    '@playq/client/tanstack-query': await import('../src/tanstack-query/index'),
    '@tanstack/query-core': await import('@tanstack/query-core'),
  };
  const body = source
    .replaceAll('http://127.0.0.1:8080', origin)
    .replace(/import\s*\{([^}]*)\}\s*from\s*'([^']+)';/g, (_, names: string, from: string) => {
      if (!(from in modules)) throw new Error(`example imports unknown module ${from}`);
      return `const {${names}} = __modules[${JSON.stringify(from)}];`;
    });
  const logs: unknown[][] = [];
  const console = { log: (...args: unknown[]) => void logs.push(args) };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...args: unknown[]) => Promise<void>;
  await new AsyncFunction('__modules', 'console', body)(modules, console);
  return logs;
}

describe('docs/client.md examples', () => {
  it('has examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(7);
  });

  it.each(
    examples.map((source, i) => [i + 1, source.split('\n').find((l) => l.startsWith('const')) ?? '', source]),
  )(
    'example %i runs (%s)',
    async (_, __, source) => {
      const logs = await runExample(source as string);
      if (process.env.PLAYQ_SHOW_DOC_LOGS) process.stdout.write(`${JSON.stringify(logs).slice(0, 600)}\n`);
      expect(logs.length).toBeGreaterThan(0);
      const shown = outputs.get(source as string);
      if (shown !== undefined) expect(`${logs.map((args) => format(...args)).join('\n')}\n`).toBe(shown);
      expect(JSON.stringify(logs)).not.toContain('demo-secret');
    },
    60_000,
  );
});
