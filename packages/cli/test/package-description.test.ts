// What the package says of itself (its npm description, which the API reference shows) names the
// commands `playq --help` lists, no more and no fewer.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { run } from '../src/index';
import { captured } from './in-process';

describe("the package's description", () => {
  it('lists exactly the commands of playq --help', async () => {
    const help = captured({ tty: false, columns: 120, env: {} });
    expect(await run(['--help'], help.io)).toBe(0);
    const section = help
      .out()
      .split(/^Commands:$/m)[1]!
      .split(/^\S/m)[0]!;
    const commands = [...section.matchAll(/^ {2}([a-z][a-z-]*)/gm)]
      .map((m) => m[1]!)
      .filter((c) => c !== 'help');
    const { description } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      description: string;
    };
    const listed = description
      .split(':')[1]!
      .replace(/ and an? /g, ', ')
      .replace(/ and /g, ', ')
      .split(',')
      .map((w) => w.trim().split(' ')[0]!)
      .filter(Boolean);
    expect(commands.length).toBeGreaterThan(5);
    expect([...listed].sort()).toEqual([...commands].sort());
  });
});
