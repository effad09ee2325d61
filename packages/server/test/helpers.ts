// Shared test helpers: request builders for the in-process service.
import type { Service } from '../src/index';

export const END = 1_767_225_600; // 2026-01-01T00:00:00Z
export const WEEK = `start=${END - 7 * 86_400},end=${END}`;

export function url(
  path: string,
  params: Record<string, string | number> = {},
  base = 'http://svc.test/api/v1',
): string {
  const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export async function token(service: Service, clientId = 'demo', secret = 'demo-secret'): Promise<string> {
  const res = await service.fetch(
    new Request('http://svc.test/api/v1/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${btoa(`${clientId}:${secret}`)}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }),
  );
  if (res.status !== 200) throw new Error(`token request failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export interface EnvelopeJson {
  totalcount: number;
  pagecount: number;
  totalrecords: number;
  response: Record<string, string | number>[];
}

export async function metricquery(
  service: Service,
  params: Record<string, string | number>,
  customer = 'demo',
  key = 'demo-key',
): Promise<{ status: number; body: EnvelopeJson & Record<string, unknown>; headers: Headers }> {
  const res = await service.fetch(
    new Request(url(`/metricquery/${customer}`, params), { headers: { 'X-API-Key': key } }),
  );
  return {
    status: res.status,
    body: (await res.json()) as EnvelopeJson & Record<string, unknown>,
    headers: res.headers,
  };
}

export async function session(
  service: Service,
  bearer: string,
  params: Record<string, string | number>,
  customer = 'demo',
): Promise<{ status: number; body: EnvelopeJson & Record<string, unknown>; headers: Headers }> {
  const res = await service.fetch(
    new Request(url(`/session/${customer}`, params), { headers: { Authorization: `Bearer ${bearer}` } }),
  );
  return {
    status: res.status,
    body: (await res.json()) as EnvelopeJson & Record<string, unknown>,
    headers: res.headers,
  };
}
