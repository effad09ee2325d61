// Load generator run in its own process by server.bench.ts: autocannon against 127.0.0.1, cycling
// through the given paths, printing one JSON line of results.
import autocannon from 'autocannon';

const { url, paths, headers, connections, duration } = JSON.parse(process.argv[2]);
let next = 0;
const result = await autocannon({
  url,
  connections,
  duration,
  headers,
  requests: [
    {
      setupRequest: (req) => {
        const path = paths[next++ % paths.length];
        return { ...req, path };
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
