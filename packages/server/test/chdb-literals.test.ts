// chdb statements with their parameters written in as literals mean what the bound statements mean:
// for any value of each type the plans bind (text with quotes, backslashes, control characters and
// any Unicode; whole numbers to the 64-bit edges; doubles; arrays of both), chdb answers the inlined
// statement exactly as it answers the statement with the value bound. No value ends its literal.
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { inlineParameters, stringLiteral } from '../src/engine/chdb-literals';
import { importPeer } from '../src/engine/optional-peer';

interface Session {
  query(sql: string, format?: string): string;
  queryBind(sql: string, args: object, format?: string): string;
  close?(): void;
}
const { Session } = await importPeer<{ Session: new () => Session }>('chdb', 'chdb');
const session = new Session();
afterAll(() => session.close?.());

const bound = (sql: string, params: Record<string, unknown>) => session.queryBind(sql, params, 'JSONCompact');
const inlined = (sql: string, params: Record<string, unknown>) =>
  session.query(inlineParameters(sql, params), 'JSONCompact');
const data = (json: string) => JSON.parse(json).data;

describe('inlineParameters on chdb', () => {
  test.prop([fc.string({ unit: 'binary', maxLength: 60 })], { numRuns: 200 })(
    'a String literal reads back as the bound string, whatever it holds',
    (text) => {
      const sql = 'SELECT {p1:String} AS s, length({p1:String}) AS n';
      expect(data(inlined(sql, { p1: text }))).toEqual(data(bound(sql, { p1: text })));
    },
  );

  test.prop(
    [
      fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
      fc.maxSafeInteger(),
      fc.double({ min: -1e15, max: 1e15, noNaN: true }),
      fc.array(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { maxLength: 6 }),
      fc.array(fc.string({ unit: 'grapheme', maxLength: 8 }), { maxLength: 6 }),
    ],
    { numRuns: 150 },
  )('numbers and arrays read back as bound, with their types', (i32, i64, f64, ints, strings) => {
    const sql =
      'SELECT {p1:Int32}, toTypeName({p1:Int32}), {p2:Int64} * 1, {p3:Float64}, {p4:Array(Int32)}, {p5:Array(String)}, toTypeName({p5:Array(String)})';
    const params = { p1: i32, p2: i64, p3: f64, p4: ints, p5: strings };
    expect(data(inlined(sql, params))).toEqual(data(bound(sql, params)));
  });

  it.each(["x' OR 1=1 --", "x\\' OR 1=1 --", "'); DROP TABLE t; --", 'a\u0000b', '\\x27', "}{p2:String}'"])(
    'keeps %j a value: the statement selects one string',
    (text) => {
      const rows = data(inlined('SELECT {p1:String} AS s', { p1: text }));
      expect(rows).toEqual([[text]]);
    },
  );

  it('refuses a placeholder without a value, or a value not of its type', () => {
    expect(() => inlineParameters('SELECT {p1:Int64}', {})).toThrow('no value for the parameter p1');
    expect(() => inlineParameters('SELECT {p1:Int64}', { p1: 1.5 })).toThrow('must be a whole number');
    expect(() => inlineParameters('SELECT {p1:String}', { p1: 3 })).toThrow('must be a string');
    expect(() => inlineParameters('SELECT {p1:Array(Int32)}', { p1: 'x' })).toThrow('must be an array');
  });

  it('escapes quotes, backslashes and control bytes, and nothing else', () => {
    expect(stringLiteral("it's \\ é\n")).toBe("'it\\'s \\\\ é\\x0a'");
  });
});
