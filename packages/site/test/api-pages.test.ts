// What scripts/api-pages.mjs does to the pages TypeDoc writes: the members table of an entry
// point, read from its interface's page; no "Defined in" into node_modules; titles two modules
// share name their module.
import { describe, expect, it } from 'vitest';
import {
  anchorOf,
  distinctTitles,
  members,
  withMembers,
  withoutForeignSources,
} from '../scripts/api-pages.mjs';

const INTERFACE = [
  '# Interface: PlayqClient',
  '',
  '## Properties',
  '',
  '### baseUrl',
  '',
  'Not a method.',
  '',
  '## Methods',
  '',
  '### all()',
  '',
  '#### Call Signature',
  '',
  '> **all**(`query`): `Promise`',
  '',
  'Defined in: [packages/client/src/client.ts:98](https://example.com)',
  '',
  'Every record, collected (pages in parallel, e.g. four at a time). Order is kept.',
  '',
  '### run()',
  '',
  '`{base_url}` and the query: one page',
  'of records.',
  '',
  '### \\[asyncDispose\\]()',
  '',
  'Inherited.',
  '',
  '## Other',
  '',
  '### ignored()',
].join('\n');

describe('members', () => {
  it('lists the section’s members with their first sentence, outside parentheses and "e.g."', () => {
    expect(members(INTERFACE, 'Methods')).toEqual([
      {
        name: 'all()',
        anchor: 'all',
        summary: 'Every record, collected (pages in parallel, e.g. four at a time).',
      },
      { name: 'run()', anchor: 'run', summary: '`{base_url}` and the query: one page of records.' },
    ]);
    expect(members(INTERFACE, 'Properties').map((m) => m.name)).toEqual(['baseUrl']);
    expect(members(INTERFACE, 'Events')).toEqual([]);
  });

  it('gives the anchors VitePress gives the headings', () => {
    expect(anchorOf('toURL()')).toBe('tourl');
    expect(anchorOf('catalogue?')).toBe('catalogue');
    expect(anchorOf('~record?')).toBe('record');
  });
});

describe('withMembers', () => {
  const list = members(INTERFACE, 'Methods');

  it('appends one table linking each member, and replaces it when run again', () => {
    const once = withMembers('# Function: createClient()\n\nMakes a client.\n', 'Methods', [
      ['../interfaces/PlayqClient.md', list],
    ]);
    expect(once).toContain('## Methods\n\n| Name | What it does |\n| --- | --- |\n');
    expect(once).toContain('| [`all()`](../interfaces/PlayqClient.md#all) | Every record, collected');
    expect(withMembers(once, 'Methods', [['../interfaces/PlayqClient.md', list]])).toBe(once);
  });

  it('escapes a | inside a description, so the table keeps its columns', () => {
    const piped = members('## Methods\n\n### where()\n\nSuch as `[country=US|DE]`.\n', 'Methods');
    expect(withMembers('# x\n', 'Methods', [['p.md', piped]])).toContain('`[country=US\\|DE]`. |');
  });
});

describe('the other fixes', () => {
  it('drops "Defined in" lines into node_modules and keeps ours', () => {
    const page = [
      'a',
      '',
      'Defined in: [node\\_modules/typescript/lib/lib.es5.d.ts:1](https://x)',
      '',
      'Defined in: [packages/query/src/a.ts:1](https://y)',
      '',
    ].join('\n');
    expect(withoutForeignSources(page)).toBe('a\n\nDefined in: [packages/query/src/a.ts:1](https://y)\n');
  });

  it('names the module of a title two pages share, and only there', () => {
    const page = (module: string, title: string) =>
      `[API reference](../index.md) / [${module}](../index.md) / x\n\n# ${title}\n`;
    const out = distinctTitles(
      new Map([
        ['a', page('@playq/query', 'Variable: sessionList')],
        ['b', page('@playq/query/builder', 'Variable: sessionList')],
        ['c', page('@playq/query', 'Variable: metricQuery')],
      ]),
    );
    expect([...out.values()].map((p) => /^# (.+)$/m.exec(p)?.[1])).toEqual([
      'Variable: sessionList (@playq/query)',
      'Variable: sessionList (@playq/query/builder)',
      'Variable: metricQuery',
    ]);
  });
});
