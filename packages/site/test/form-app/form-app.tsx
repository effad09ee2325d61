// A small React 19 page as users write them: a react-hook-form field validated by playq's
// Standard Schema (through Zod and standardSchemaResolver), and the table of the query it
// makes, fetched with TanStack Query through playq's query options. The browser test drives it.
import { standardSchemaResolver } from '@hookform/resolvers/standard-schema';
import { apiKeyAuth, createClient } from '@playq/client';
import { queryOptions } from '@playq/client/tanstack-query';
import type { FilterAst } from '@playq/grammar';
import { metricQuery, type QueryNode } from '@playq/query';
import { textSchema } from '@playq/query/standard-schema';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { playqField } from './playq-field';

const params = new URLSearchParams(location.search);
const client = createClient({ baseUrl: params.get('service') ?? '', auth: apiKeyAuth('demo-key') });
const end = Number(params.get('end'));
const base = metricQuery('demo')
  .between(end - 30 * 86_400, end)
  .metrics('viewercount')
  .aggBy('country')
  .limit(10);

const schema = z.object({ filter: playqField(textSchema('filter')) });

function Results({ query }: { query: QueryNode }) {
  const { data, error, isPending } = useQuery(queryOptions(client, query));
  if (isPending) return <p>Loading…</p>;
  if (error) return <p role="alert">{error.message}</p>;
  return (
    <table data-testid="results">
      <thead>
        <tr>
          <th>country</th>
          <th>viewercount</th>
        </tr>
      </thead>
      <tbody>
        {data.records.map((r) => (
          <tr key={String(r.country)}>
            <td>{r.country}</td>
            <td>{r.viewercount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function FilterForm() {
  const [filter, setFilter] = useState<FilterAst>();
  const form = useForm({
    resolver: standardSchemaResolver(schema),
    mode: 'onChange',
    defaultValues: { filter: '' },
  });
  const error = form.formState.errors.filter?.message;
  return (
    <main>
      <form onSubmit={form.handleSubmit((values) => setFilter(values.filter))}>
        <label htmlFor="filter">Filter</label>
        <input id="filter" {...form.register('filter')} aria-invalid={error !== undefined} />
        <p role="alert" data-testid="filter-error">
          {error}
        </p>
        <button type="submit">Run</button>
      </form>
      {filter === undefined ? null : <Results query={{ ...base.toQuery(), filter }} />}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <FilterForm />
  </QueryClientProvider>,
);
