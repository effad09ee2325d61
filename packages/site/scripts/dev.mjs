// `pnpm docs:dev [--port <n>]`: the docs site's dev server and a local `playq serve` (the
// playground's default service) together; Ctrl-C stops both. The service port is --port (or
// PLAYQ_PORT), else 8080 when free, else a free port (service-port.mjs); the playground is told
// which. If the service stops, the site keeps running and the playground says how to start one.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { servicePort } from './service-port.mjs';

const site = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(site, '..', 'cli', 'dist', 'bin.js');

function askedPort(argv) {
  const i = argv.indexOf('--port');
  const text = i >= 0 ? argv[i + 1] : process.env.PLAYQ_PORT;
  if (i >= 0 && text === undefined) throw new Error('--port needs a port number');
  return text === undefined ? undefined : Number(text);
}

let chosen;
try {
  chosen = await servicePort({ asked: askedPort(process.argv.slice(2)) });
} catch (error) {
  console.error(`pnpm docs:dev: ${error.message}`);
  process.exit(1);
}
if (chosen.note) console.log(chosen.note);
const serviceUrl = `http://127.0.0.1:${chosen.port}/api/v1`;

const service = spawn(process.execPath, [cli, 'serve', '--port', String(chosen.port)], { stdio: 'inherit' });
const vitepress = spawn(
  process.execPath,
  [join(site, 'node_modules', 'vitepress', 'bin', 'vitepress.js'), 'dev'],
  {
    cwd: site,
    stdio: 'inherit',
    env: { ...process.env, VITE_PLAYQ_SERVICE: serviceUrl },
  },
);
const stop = () => {
  for (const c of [service, vitepress]) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
};
service.on('exit', (code, signal) => {
  if (vitepress.exitCode === null && signal === null)
    console.error(`playq serve stopped (exit ${code}); the docs site keeps running without a local service.`);
});
vitepress.on('exit', (code) => {
  stop();
  process.exitCode = code ?? 0;
});
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
