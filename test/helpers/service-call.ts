// One request to an in-process service (createService), JSON in and out: the body as JSON,
// `token` as an admin Bearer token, `ip` as the client's address (default 127.0.0.1).
import type { Service } from '../../src/service/service.js';

export async function callService(
  service: Service,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const body = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const response = await service.handle({
    method,
    url,
    headers: {
      ...(body && { 'content-type': 'application/json', 'content-length': String(body.length) }),
      ...(options.token !== undefined && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    remoteAddress: options.ip ?? '127.0.0.1',
    readBody: async () => body ?? new Uint8Array(),
  });
  return { status: response.status, headers: response.headers, json: JSON.parse(String(response.body)) as any };
}
