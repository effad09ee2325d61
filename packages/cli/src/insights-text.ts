// The text of `playq insights`: the overall value, the ranked causes as a table with a bar per
// impact, the top cause refined, and the command that lists the top cause's sessions.
import type { InsightCause, Insights } from '@playq/client';
import type { Colors } from './format/colors';
import { renderTable } from './format/table';
import { terminalText } from './format/terminal-text';
import { playqCommand } from './invocation';

const BAR_WIDTH = 24;

/**
 * The insights as text for a terminal or a pipe.
 *
 * @example
 * ctx.out(insightsText(found, ctx.color));
 * // bufferingratio (lower is better): 0.71 overall over 14758 attempts, 14 requests
 * //   #  dimension  value   bufferingratio  share  impact  …
 */
export function insightsText(found: Insights, colors: Colors): string {
  const head =
    `${colors.bold(found.metric)} (${found.better} is better${found.basis === 'per attempt' ? ', compared per attempt' : ''}): ` +
    `${figure(found.overall.value)} overall over ${found.overall.attempts} attempts, ${found.requests} requests\n`;
  const top = found.causes[0];
  if (top === undefined) {
    return `${head}${colors.dim(`no value is worse than overall with at least ${found.minAttempts} attempts and ${percent(found.minShare)} of them\n`)}`;
  }
  const parts = [head, causeTable(found.causes, found.metric, colors)];
  if (top.within !== undefined && top.within.length > 0) {
    parts.push(`\nwithin ${label(top)}:\n`, causeTable(top.within, found.metric, colors));
  }
  parts.push(`\nthe sessions behind ${label(top)}:\n  ${playqCommand()} query ${shellQuote(top.url)}\n`);
  return parts.join('');
}

function causeTable(causes: readonly InsightCause[], metric: string, colors: Colors): string {
  const most = Math.max(...causes.map((c) => c.impact));
  return renderTable(
    causes.map((c, i) => ({
      '#': i + 1,
      dimension: c.dimension,
      value: c.value,
      [metric]: figure(c.metricValue),
      attempts: c.attempts,
      share: percent(c.share),
      impact: figure(c.impact),
      '': '█'.repeat(Math.max(1, Math.round((BAR_WIDTH * c.impact) / most))),
    })),
    { colors, columns: ['#', 'dimension', 'value', metric, 'attempts', 'share', 'impact', ''] },
  );
}

const label = (c: InsightCause) => terminalText(`${c.dimension}=${c.value}`);
const figure = (n: number) => (Number.isInteger(n) ? String(n) : n.toPrecision(3));
const percent = (share: number) => `${(100 * share).toFixed(1)}%`;

/** A word for a POSIX shell: single-quoted unless it is plainly safe. */
function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
