// The installed `playq` binary, checked from both consumer projects: offline commands, the missing
// server named in one line, and a real loopback round trip (serve → query → contract).
import { playq, shell, startServe } from './cli-round-trip.mjs';

const expectOk = (result, test = () => true) =>
  result.code === 0 && test(result.stdout)
    ? []
    : [`exit ${result.code}\n${result.stdout}${result.stderr}`.trim()];

const offline = [
  [
    'validate',
    ['validate', 'filter', '[country=US|FR][platform=ios]'],
    (out) => out.includes('[country=US|FR]'),
  ],
  [
    'url',
    ['url', 'metricquery', 'demo', '--last', '24h', '--metrics', 'errors,users', '--aggby', 'country'],
    (out) => out.includes('metricquery'),
  ],
  [
    'explain',
    ['explain', 'http://127.0.0.1:8080/api/v1/metricquery/demo?period=start%3D0%2Cend%3D3600&metrics=errors'],
    (out) => out.length > 0,
  ],
];

/** [label, check] pairs for the binary in the full and the @playq/cli-only installation. */
export function cliChecks({ full, cliOnly, packs }) {
  const version = packs.find((p) => p.name === '@playq/cli')?.version;
  const checks = [];
  for (const [where, project] of [
    ['full install', full],
    ['@playq/cli alone', cliOnly],
  ]) {
    checks.push([
      `playq --version (${where})`,
      async () => expectOk(await playq(project, ['--version']), (out) => out.trim() === version),
    ]);
    for (const [name, args, test] of offline) {
      checks.push([`playq ${name} (${where})`, async () => expectOk(await playq(project, args), test)]);
    }
  }
  checks.push([
    'playq serve without @playq/server: one line saying what to install',
    async () => {
      const { code, stderr } = await playq(cliOnly, ['serve', '--port', '0']);
      const lines = stderr.trim().split('\n');
      return code === 1 && lines.length === 1 && /npm install @playq\/server/.test(stderr)
        ? []
        : [`exit ${code}: ${stderr}`];
    },
  ]);
  checks.push([
    'playq mcp without the MCP SDK: one line saying what to install',
    async () => {
      const { code, stderr } = await playq(cliOnly, ['mcp']);
      const lines = stderr.trim().split('\n');
      return code === 1 && lines.length === 1 && /npm install @modelcontextprotocol\/sdk zod/.test(stderr)
        ? []
        : [`exit ${code}: ${stderr}`];
    },
  ]);
  checks.push(['playq demo (full install): its "Next" hints run exactly as printed', () => demoHints(full)]);
  checks.push([
    'playq catalogue (@playq/cli alone), when the command exists',
    async () => {
      const help = await playq(cliOnly, ['--help']);
      if (!/\bcatalogue\b/.test(help.stdout)) return [];
      return expectOk(await playq(cliOnly, ['catalogue']), (out) => out.includes('bufferingratio'));
    },
  ]);
  checks.push([
    'playq serve → query → contract over loopback (full install, contract also from @playq/cli alone)',
    () => roundTrip(full, cliOnly),
  ]);
  return checks;
}

/** Runs `playq demo`, then every hint under "Next" but `serve` (it runs until stopped) with a shell. */
async function demoHints(full) {
  const demo = await playq(full, ['demo', '--sessions', '2000', '--days', '2']);
  if (demo.code !== 0) return [`playq demo exited ${demo.code}: ${demo.stderr}`];
  const hints = demo.stdout
    .split(/\nNext\n/)[1]
    ?.split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.length > 0);
  if (!hints || hints.length === 0) return ['playq demo printed no "Next" hints'];
  const problems = hints
    .filter((h) => !h.startsWith('playq '))
    .map((h) => `hint does not start with "playq ": ${h}`);
  for (const hint of hints.filter((h) => !/^playq serve\b/.test(h))) {
    const result = await shell(full, hint);
    if (result.code !== 0) problems.push(`\`${hint}\` exited ${result.code}: ${result.stderr.trim()}`);
  }
  return problems;
}

async function roundTrip(full, cliOnly) {
  const serve = startServe(full, ['--sessions', '3000', '--seed', '1']);
  try {
    const baseUrl = await serve.ready;
    const env = {
      PLAYQ_BASE_URL: baseUrl,
      PLAYQ_API_KEY: 'demo-key',
      PLAYQ_CLIENT_ID: 'demo',
      PLAYQ_CLIENT_SECRET: 'demo-secret',
    };
    const query = [
      'query',
      'metricquery',
      'demo',
      '--last',
      '7d',
      '--metrics',
      'viewercount,errors',
      '--aggby',
      'country',
      '--format',
      'json',
    ];
    const problems = expectOk(await playq(full, query, env), (out) => JSON.parse(out).response.length > 0);
    const contract = [
      'contract',
      baseUrl,
      '--rate',
      '200',
      '--other-customer',
      'other',
      '--other-api-key',
      'other-key',
    ];
    for (const project of [full, cliOnly]) problems.push(...expectOk(await playq(project, contract, env)));
    return problems;
  } finally {
    await serve.stop();
  }
}
