import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { columnsOf, displayCell } from '../src/format/cell';
import { barChart, resample, sparkline } from '../src/format/chart';
import { createColors, shouldColor, stripAnsi } from '../src/format/colors';
import { csvField, csvHeader, csvRow } from '../src/format/csv';
import { createProgress, progressLine } from '../src/format/progress';
import { renderTable } from '../src/format/table';

// A minimal RFC 4180 reader, to check that what we write reads back as what we meant.
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (ch === '"') {
        quoted = false;
        i++;
      } else {
        field += ch;
        i++;
      }
    } else if (ch === '"') {
      quoted = true;
      i++;
    } else if (ch === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else {
      field += ch;
      i++;
    }
  }
  return rows;
}

describe('csv', () => {
  it('quotes only fields that need it', () => {
    expect(csvField('US')).toBe('US');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(1.5)).toBe('1.5');
    expect(csvField(undefined)).toBe('');
  });

  it('writes a header and rows with CRLF', () => {
    expect(
      csvHeader(['country', 'errors']) + csvRow(['country', 'errors'], { country: 'US', errors: 3 }),
    ).toBe('country,errors\r\nUS,3\r\n');
  });

  test.prop([
    fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }),
  ])('every string reads back unchanged', (rows) => {
    const columns = ['a', 'b'];
    const text = rows.map((r) => csvRow(columns, { a: r[0], b: r[1] }, { raw: true })).join('');
    expect(readCsv(text)).toEqual(rows);
  });

  it('neutralises text a spreadsheet would run as a formula, by default', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvField("+cmd|' /C calc'!A0")).toBe("'+cmd|' /C calc'!A0");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvHeader(['=evil', 'errors'])).toBe("'=evil,errors\r\n");
    expect(csvField('a=b')).toBe('a=b');
  });

  it('leaves numbers, negative ones included, as numbers', () => {
    expect(csvField(-3)).toBe('-3');
    expect(csvField(-0.25)).toBe('-0.25');
    expect(csvRow(['country', 'delta'], { country: 'US', delta: -1.5 })).toBe('US,-1.5\r\n');
  });

  it('writes text cells as they are with raw', () => {
    expect(csvField('=1+1', { raw: true })).toBe('=1+1');
    expect(csvRow(['a'], { a: '@x' }, { raw: true })).toBe('@x\r\n');
  });

  test.prop([
    fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }),
  ])(
    'by default every string reads back unchanged or behind one quote, and no cell starts a formula',
    (rows) => {
      const columns = ['a', 'b'];
      const text = rows.map((r) => csvRow(columns, { a: r[0], b: r[1] })).join('');
      const read = readCsv(text);
      const formula = /^[=+\-@\t\r]/;
      expect(read).toEqual(rows.map((r) => r.map((s) => (formula.test(s) ? `'${s}` : s))));
      for (const cell of read.flat()) expect(cell).not.toMatch(formula);
    },
  );
});

describe('table', () => {
  it('aligns text left and numbers right under a header and rule', () => {
    const text = renderTable([
      { country: 'US', errors: 1234 },
      { country: 'FR', errors: 7 },
    ]);
    expect(text).toBe('country  errors\n-------  ------\nUS         1234\nFR            7\n');
  });

  it('says so when there are no records', () => {
    expect(renderTable([])).toBe('(no records)\n');
  });

  it('rounds fractions, shows timestamps as UTC times and cuts long cells', () => {
    const text = renderTable([{ timestamp: 1767225600, latency: 1.23456, key: 'x'.repeat(60) }], {
      maxCellWidth: 20,
    });
    expect(text).toContain('2026-01-01 00:00');
    expect(text).toContain('1.235');
    expect(text).toContain(`${'x'.repeat(19)}…`);
    expect(text).not.toContain('x'.repeat(20));
  });

  it('keeps alignment with colours on', () => {
    const colored = renderTable([{ a: 'x', n: 1 }], { colors: createColors(true) });
    expect(colored).toContain('\u001b[1m');
    expect(stripAnsi(colored)).toBe(renderTable([{ a: 'x', n: 1 }]));
  });

  it('orders columns: time bucket, dimensions, metrics; totalpages is not a column', () => {
    expect(columnsOf([{ totalpages: 1, errors: 2, subscriberid: 's' }])).toEqual(['subscriberid', 'errors']);
    expect(columnsOf([{ users: 1, timestamp: 0, errors: 2 }])).toEqual(['timestamp', 'users', 'errors']);
    expect(columnsOf([{ category: 'a', errors: 1, key: 'k', player: 'p' }])).toEqual([
      'category',
      'key',
      'player',
      'errors',
    ]);
  });

  it('renders cells for display', () => {
    expect(displayCell('errors', 12)).toBe('12');
    expect(displayCell('x', null)).toBe('');
    expect(displayCell('timestamp', 0)).toBe('1970-01-01 00:00');
  });

  it("shows an anonymous viewer as (anonymous) in every table, the demo's and playq query's alike", () => {
    expect(displayCell('subscriberid', '')).toBe('(anonymous)');
    expect(displayCell('subscriberid', 'u1')).toBe('u1');
    expect(displayCell('cdn', '')).toBe('');
    const table = renderTable(
      [
        { subscriberid: '', errors: 2 },
        { subscriberid: 'u7', errors: 1 },
      ],
      { colors: createColors(false) },
    );
    expect(table).toContain('(anonymous)');
    expect(table).toContain('u7');
  });
});

describe('charts', () => {
  it('draws a rising sparkline from lowest to highest block', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe('▁▂▃▄▅▆▇█');
    expect(sparkline([5, 5, 5])).toBe('▁▁▁');
    expect(sparkline([])).toBe('');
  });

  test.prop([
    fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 300 }),
    fc.integer({ min: 1, max: 100 }),
  ])('a sparkline never exceeds its width and keeps short series whole', (values, width) => {
    const line = [...sparkline(values, width)];
    expect(line.length).toBe(Math.min(values.length, width));
  });

  it('averages neighbours when resampling', () => {
    expect(resample([1, 3, 5, 7], 2)).toEqual([2, 6]);
    expect(() => resample([1], 0)).toThrow(/width/);
  });

  it('draws bars proportional to the largest value', () => {
    expect(
      barChart(
        [
          { label: 'US', value: 4 },
          { label: 'FR', value: 2 },
        ],
        4,
      ),
    ).toBe('US ████ 4\nFR ██   2\n');
    expect(barChart([{ label: 'a', value: 0 }], 3)).toBe('a     0\n');
  });
});

describe('colours', () => {
  it('honours NO_COLOR over everything, then FORCE_COLOR, then the terminal', () => {
    expect(shouldColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(shouldColor({ isTTY: true }, { NO_COLOR: '1', FORCE_COLOR: '1' })).toBe(false);
    expect(shouldColor({ isTTY: false }, { FORCE_COLOR: '1' })).toBe(true);
    expect(shouldColor({ isTTY: true }, {})).toBe(true);
    expect(shouldColor({ isTTY: false }, {})).toBe(false);
    expect(shouldColor({}, { NO_COLOR: '' })).toBe(false);
  });

  it('leaves text untouched when disabled', () => {
    expect(createColors(false).red('x')).toBe('x');
    expect(createColors(true).red('x')).toBe('\u001b[31mx\u001b[39m');
  });
});

describe('progress', () => {
  it('renders the ratio', () => {
    expect(progressLine(50, 100, 10)).toBe('[#####.....]  50% 50/100 records');
    expect(progressLine(0, 0, 4)).toBe('[####] 100% 0/0 records');
  });

  it('draws only on a terminal and erases itself', () => {
    const written: string[] = [];
    const off = createProgress({ write: (t: string) => written.push(t), isTTY: false });
    off.update(1, 2);
    off.done();
    expect(written).toEqual([]);
    const on = createProgress({ write: (t: string) => written.push(t), isTTY: true });
    on.update(1, 2);
    on.done();
    expect(written[0]).toMatch(/^\r\[/);
    expect(written[1]).toBe('\r\u001b[2K');
  });
});
