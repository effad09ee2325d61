// What the compiler says when a query cannot run as it stands, asked of the TypeScript language
// service: a session builder before `.agg()` is refused by run, pages, records and all with the
// reason docs/query.md promises, while runnable builders, plain nodes and generic code compile.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEditor, type Editor } from '../../query/test/support/language-service';

const here = fileURLToPath(new URL('.', import.meta.url));
const PRELUDE = `import { metricQuery, sessionQuery, type QueryNode } from '@playq/query';
import { createClient, type QueryInput } from '../src/index';
import { infiniteQueryOptions, queryOptions } from '../src/tanstack-query/index';
const client = createClient({ baseUrl: 'http://127.0.0.1:8080/api/v1' });
const pending = sessionQuery('d').planLevel('2').metrics('errors');
`;
const REASON = 'call .agg(1) or .agg(2) before running a session query';

let editor: Editor;
beforeAll(() => {
  editor = createEditor(here);
});
const messages = (code: string) => editor.diagnostics(`${PRELUDE}${code}`);

describe('running a session query before .agg()', () => {
  it.each(['run(pending)', 'pages(pending)', 'records(pending)', 'all(pending)'])(
    'client.%s is a compile-time error that says what to call',
    (call) => {
      const text = messages(`client.${call};`).join('\n');
      expect(text).toContain(`is not assignable to parameter of type 'Invalid<"${REASON}">'`);
    },
  );

  it('compiles once agg is set, for plain nodes and in code generic over the query', () => {
    expect(
      messages(`
export async function f(node: QueryNode) {
  const page = await client.run(sessionQuery('d').planLevel('2').agg(1).metrics('errors'));
  const errors: number = page.records[0]!.errors;
  for await (const r of client.records(metricQuery('d').metrics('latency').aggBy('country'))) r.country.trim();
  await client.all(node);
  return errors;
}
export async function generic<Q extends QueryInput>(query: Q) {
  for await (const page of client.pages(query)) page.records.length;
  return client.run(query);
}`),
    ).toEqual([]);
  });
});

describe('TanStack Query options of a session query before .agg()', () => {
  it.each(['queryOptions(client, pending)', 'infiniteQueryOptions(client, pending)'])(
    '%s is a compile-time error that says what to call',
    (call) => {
      const text = messages(`${call};`).join('\n');
      expect(text).toContain(`is not assignable to parameter of type 'Invalid<"${REASON}">'`);
    },
  );

  it('compile once agg is set, records typed from the query, and in code generic over the query', () => {
    expect(
      messages(`
declare const signal: Parameters<ReturnType<typeof queryOptions>['queryFn']>[0]['signal'];
export async function f(node: QueryNode) {
  const page = await queryOptions(client, sessionQuery('d').planLevel('2').agg(1).metrics('errors')).queryFn({ signal });
  const errors: number = page.records[0]!.errors;
  const list = infiniteQueryOptions(client, metricQuery('d').metrics('latency').aggBy('country'));
  const first = await list.queryFn({ signal, pageParam: list.initialPageParam });
  const country: string = first.records[0]!.country;
  const next: number | undefined = list.getNextPageParam(first);
  queryOptions(client, node).queryKey[1].trim();
  return [errors, country, next];
}
export function generic<Q extends QueryInput>(query: Q) {
  return [queryOptions(client, query), infiniteQueryOptions(client, query)];
}`),
    ).toEqual([]);
  });
});
