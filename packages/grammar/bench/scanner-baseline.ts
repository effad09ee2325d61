// The practical ceiling for the filter language: a minimal hand-written charCodeAt scanner that
// builds the same AST as parseFilter but reports only "invalid" (no codes, no positions, no
// duplicate handling). For the benchmark only.

interface Clause {
  type: 'clause';
  dimension: string;
  values: string[];
}

export function scanFilter(text: string): { type: 'filter'; clauses: Clause[] } | undefined {
  const clauses: Clause[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i === n) break;
    if (text.charCodeAt(i) !== 91) return undefined;
    i++;
    const dimStart = i;
    if (!isIdentStart(text.charCodeAt(i))) return undefined;
    i++;
    while (i < n && isIdentPart(text.charCodeAt(i))) i++;
    const dimension = text.slice(dimStart, i).toLowerCase();
    if (text.charCodeAt(i) !== 61) return undefined;
    i++;
    const values: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === 34) {
        value = '';
        let chunk = ++i;
        for (;;) {
          if (i >= n) return undefined;
          const c = text.charCodeAt(i);
          if (c === 34) break;
          if (c === 92) {
            const e = text.charCodeAt(i + 1);
            if (e !== 34 && e !== 92) return undefined;
            value += text.slice(chunk, i);
            chunk = i + 1;
            i += 2;
            continue;
          }
          if (c < 32) return undefined;
          i++;
        }
        value += text.slice(chunk, i);
        i++;
      } else {
        const start = i;
        for (;;) {
          const c = text.charCodeAt(i);
          if (i >= n || c === 93 || c === 124 || c === 91 || c === 34 || c === 92 || c < 32) break;
          i++;
        }
        value = text.slice(start, i);
      }
      if (value.length === 0) return undefined;
      values.push(value);
      const c = text.charCodeAt(i);
      i++;
      if (c === 93) break;
      if (c !== 124) return undefined;
    }
    clauses.push({ type: 'clause', dimension, values });
  }
  return clauses.length === 0 ? undefined : { type: 'filter', clauses };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}
function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
function isIdentPart(c: number): boolean {
  return isIdentStart(c) || (c >= 48 && c <= 57);
}
