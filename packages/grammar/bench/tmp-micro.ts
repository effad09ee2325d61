import { lexFilter } from '../src/filter/lexer';
import { parseFilter } from '../src/filter/parse';
import { FilterParser } from '../src/filter/parser';
import { scanFilter } from './scanner-baseline';

const inputs = [
  '[country=US|FR][platform=web][player=html5]',
  '[country=United States][player=html5|avplayer]',
  '[platform=android|ios|web][country=DE|GB]',
  '[key=ERR_TIMEOUT][category=network|drm]',
];
const p = new FilterParser();
const toks = inputs.map((s) => lexFilter(s));
function bench(name: string, f: (i: number) => unknown) {
  const xs: number[] = [];
  for (let r = 0; r < 5; r++) {
    let n = 0;
    const c = process.cpuUsage();
    const t = performance.now();
    while (performance.now() - t < 300) {
      for (let k = 0; k < 100; k++)
        for (let i = 0; i < 4; i++) {
          f(i);
          n++;
        }
    }
    const u = process.cpuUsage(c);
    xs.push(n / ((u.user + u.system) / 1e6));
  }
  xs.sort((a, b) => a - b);
  console.log(name, Math.round(xs[2]!));
}
bench('scanner', (i) => scanFilter(inputs[i]!));
bench('lex', (i) => lexFilter(inputs[i]!));
bench('parser only', (i) => {
  p.input = toks[i]!;
  return p.filter();
});
bench('parseFilter', (i) => parseFilter(inputs[i]!));
bench('lex+parse', (i) => {
  p.input = lexFilter(inputs[i]!);
  return p.filter();
});
bench('lex+parse+errors', (i) => {
  p.input = lexFilter(inputs[i]!);
  const r = p.filter();
  return p.errors.length ? undefined : r;
});
bench('lex+parse+_errors', (i) => {
  p.input = lexFilter(inputs[i]!);
  const r = p.filter();
  return (p as any)._errors.length ? undefined : r;
});
