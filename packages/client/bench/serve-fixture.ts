// Runs the reference service in its own process for the benchmark, so that the client's memory
// and CPU are measured without the server's. Prints one JSON line with the addresses when ready.
import { createService } from '@playq/server';

const sessions = Number(process.argv[2] ?? 150_000);
const service = await createService({
  data: { generate: { sessions, seed: 1, days: 30 } },
  rateLimit: false,
  // Every run reads the same result; keep it cached so the figures measure transport and client,
  // not DuckDB re-aggregating it for each page.
  cacheTtlMs: 3_600_000,
  cacheMaxRecords: 5_000_000,
  queryTimeoutMs: 600_000,
});
const info = await service.listen({ port: 0, host: '127.0.0.1' });
const stats = service.db.stats();
process.stdout.write(`${JSON.stringify({ ...info, minTs: stats.minTs, maxTs: stats.maxTs })}\n`);
const stop = () => {
  service.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
