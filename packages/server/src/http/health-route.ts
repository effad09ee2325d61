// `GET /healthz`: the liveness answer, outside every credential and limit but the URL length.
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';
import { methodNotAllowed, READ_METHODS } from './refusals';

export function mountHealth(app: Hono<AppEnv>): void {
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  app.all('/healthz', methodNotAllowed(READ_METHODS));
}
