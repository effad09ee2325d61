// What an agent can read before it writes a query: the catalogue (names, units, definitions) and
// the documentation of the query languages, bundled into the CLI so an install serves them too.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import CATALOGUE_DOC from '../../../../docs/catalogue.md';
import GRAMMAR_DOC from '../../../../docs/grammar.md';
import { catalogueJson } from '../catalogue-json';
import { safeJson } from '../format/terminal-text';
import type { McpService } from './tool-query';

/**
 * The part of a Markdown page from the `## heading` line to the next heading of that level; the
 * whole page when the heading is not there.
 *
 * @example
 * sectionOf('# T\n## A\na\n## B\nb', 'A'); // '## A\na'
 */
export function sectionOf(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return markdown;
  const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
  return lines
    .slice(start, end < 0 ? undefined : end)
    .join('\n')
    .trimEnd();
}

/** The documentation resources: URI, title, and text. */
export const DOC_RESOURCES = [
  {
    name: 'query-languages',
    uri: 'playq://docs/query-languages',
    title: 'The filter, qoefilter and period languages',
    description:
      'Grammar (EBNF), rules, canonical forms and the diagnostic codes of the three query languages.',
    text: () =>
      `${sectionOf(GRAMMAR_DOC, 'The languages')}\n\n${sectionOf(GRAMMAR_DOC, 'Diagnostic codes')}\n`,
  },
  {
    name: 'catalogue-docs',
    uri: 'playq://docs/catalogue',
    title: 'Metric and dimension definitions',
    description:
      'Each metric with its unit, level and exact definition; each dimension; how to add your own names.',
    text: () => CATALOGUE_DOC,
  },
] as const;

/**
 * Registers the catalogue and the documentation pages as resources on `server`.
 *
 * @example
 * registerResources(server, service);
 */
export function registerResources(server: McpServer, service: McpService): void {
  server.registerResource(
    'catalogue',
    'playq://catalogue',
    {
      title: 'Catalogue',
      description: 'The metric and dimension names of this server, as JSON (what list_catalogue returns).',
      mimeType: 'application/json',
    },
    async (uri) => ({
      contents: [
        { uri: uri.href, mimeType: 'application/json', text: safeJson(catalogueJson(service.catalogue), 2) },
      ],
    }),
  );
  for (const doc of DOC_RESOURCES) {
    server.registerResource(
      doc.name,
      doc.uri,
      { title: doc.title, description: doc.description, mimeType: 'text/markdown' },
      async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: doc.text() }] }),
    );
  }
}
