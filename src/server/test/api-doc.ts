import { readFileSync } from 'node:fs';

/** docs/api.md, the integrators' guide. */
export function readApiDoc(): string {
  return readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
}

/**
 * The guide's curl examples of the inbound webhooks: the path after /api/webhooks/ and the JSON body
 * sent with -d (the same reading as the payload documentation's own test).
 */
export function webhookCurlExamples(doc: string): { endpoint: string; body: unknown }[] {
  return [...doc.matchAll(/\$BASE\/api\/webhooks\/([\w/-]+)"[^']*?-d '([^']+)'/g)].map(
    ([, endpoint = '', body = '']) => ({ endpoint, body: JSON.parse(body) }),
  );
}
