// `pnpm docs:dev`: the docs site's dev server and a local `playq serve` (the playground's default
// service, http://127.0.0.1:8080/api/v1) together; Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(site, '..', 'cli', 'dist', 'bin.js');
const children = [
  spawn(process.execPath, [cli, 'serve', '--port', process.env.PLAYQ_PORT ?? '8080'], { stdio: 'inherit' }),
  spawn(process.execPath, [join(site, 'node_modules', 'vitepress', 'bin', 'vitepress.js'), 'dev'], {
    cwd: site,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
};
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
