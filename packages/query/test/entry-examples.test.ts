// The examples on the API reference pages of the builders' entry points (the TSDoc of
// metricQuery, sessionQuery and sessionList) run as printed: each prints the URL its last comment
// shows.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as query from '../src/index';

const EXPORTS = new Map<string, unknown>(Object.entries(query));
const source = readFileSync(new URL('../src/builder/create-queries.ts', import.meta.url), 'utf8');

/** Each ```ts block of a TSDoc comment, without the comment's leading ` * `. */
function examples(text: string): { name: string; code: string; printed: string }[] {
  const found: { name: string; code: string; printed: string }[] = [];
  for (const m of text.matchAll(/\/\*\*([\s\S]*?)\*\/\nexport const (\w+)/g)) {
    const block = /```ts\n([\s\S]*?)```/.exec(m[1]!.replace(/^ \* ?/gm, ''));
    if (block === null) continue;
    const lines = block[1]!.trimEnd().split('\n');
    const printed = lines.pop()!.replace(/^\/\/ /, '');
    found.push({ name: m[2]!, code: lines.join('\n'), printed });
  }
  return found;
}

describe('the entry points’ examples', () => {
  const all = examples(source);

  it('exist for metricQuery, sessionQuery and sessionList', () => {
    expect(all.map((e) => e.name)).toEqual(['metricQuery', 'sessionQuery', 'sessionList']);
  });

  it.each(all)('$name: imports from @playq/query and prints the URL shown', ({ code, printed }) => {
    const imported = /^import \{ ([\w, ]+) \} from '@playq\/query';$/m.exec(code);
    expect(imported).not.toBeNull();
    const names = imported![1]!.split(', ');
    const body = code.replace(imported![0], '');
    const logged: unknown[] = [];
    const run = new Function(...names, 'console', body);
    run(...names.map((n) => EXPORTS.get(n)), { log: (v: unknown) => logged.push(v) });
    expect(logged).toEqual([printed]);
  });
});
