import { parseFilter } from '../src/filter/parse';
import { scanFilter } from './scanner-baseline';

const inputs = [
  '[country=US|FR][platform=web][player=html5]',
  '[country=United States][player=html5|avplayer]',
  '[platform=android|ios|web][country=DE|GB]',
  '[key=ERR_TIMEOUT][category=network|drm]',
];
function bench(name: string, f: (i: number) => unknown) {
  const xs: number[] = [];
  for (let r = 0; r < 7; r++) {
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
  return Math.round(xs[3]!);
}
for (let r = 0; r < 3; r++) {
  const s = bench('scanner', (i) => scanFilter(inputs[i]!));
  const p = bench('parseFilter', (i) => parseFilter(inputs[i]!));
  console.log('scanner', s, 'parseFilter', p, 'ratio', (s / p).toFixed(2));
}
