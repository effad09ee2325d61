// Statements for chdb with their parameters written in as typed literals. chdb runs parameterised
// statements one at a time for the whole process (its parameter state is global), so one
// customer's flood queued every other customer's queries behind it; a statement without parameters
// runs on its own worker, in parallel with the others. Every value is written as a literal of the
// exact type the placeholder names, escaped so that no value can end its literal: the statement
// means what the bound one meant, and nothing a request sends becomes SQL.

/** A placeholder of a plan compiled for ClickHouse: `{p1:Int64}`, `{p2:Array(String)}`. */
const PLACEHOLDER = /\{(p\d+):([A-Za-z0-9()]+)\}/g;

/** `text` as a ClickHouse string literal: quotes and backslashes escaped, control bytes as `\xHH`. */
export function stringLiteral(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is escaped
  const escaped = text.replace(/[\\'\u0000-\u001f\u007f]/g, (c) =>
    c === '\\' || c === "'" ? `\\${c}` : `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
  return `'${escaped}'`;
}

function numberLiteral(value: unknown, type: string): string {
  const n = typeof value === 'bigint' ? value : Number(value);
  if (typeof n === 'bigint') return n.toString();
  if (type.startsWith('Int') || type.startsWith('UInt')) {
    if (!Number.isSafeInteger(n)) throw new TypeError(`a ${type} parameter must be a whole number`);
    return String(n);
  }
  if (Number.isNaN(n)) return 'nan';
  if (!Number.isFinite(n)) return n > 0 ? 'inf' : '-inf';
  return String(n);
}

function literal(value: unknown, type: string): string {
  const array = /^Array\((.+)\)$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw new TypeError(`an ${type} parameter must be an array`);
    return `[${value.map((v) => literal(v, array[1]!)).join(', ')}]`;
  }
  if (type === 'String') {
    if (typeof value !== 'string') throw new TypeError('a String parameter must be a string');
    return stringLiteral(value);
  }
  return numberLiteral(value, type);
}

/**
 * `sql` with each `{name:Type}` placeholder replaced by `CAST(<literal> AS Type)` of its value in
 * `params`; a placeholder without a value, or a value not of its type, is an error.
 *
 * @example
 * ```ts
 * inlineParameters('SELECT {p1:String}, {p2:Int64}', { p1: "it's", p2: 3 });
 * // "SELECT CAST('it\\'s' AS String), CAST(3 AS Int64)"
 * ```
 */
export function inlineParameters(sql: string, params: Readonly<Record<string, unknown>>): string {
  return sql.replace(PLACEHOLDER, (_, name: string, type: string) => {
    if (!(name in params)) throw new TypeError(`no value for the parameter ${name}`);
    return `CAST(${literal(params[name], type)} AS ${type})`;
  });
}
