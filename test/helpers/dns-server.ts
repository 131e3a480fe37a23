/**
 * A small authoritative DNS server for tests, on 127.0.0.1 over UDP and TCP (same port),
 * serving fixture zones with dns-packet. Every name not in the zone is NXDOMAIN; a name that
 * exists with no record of the asked type is NODATA (NOERROR, no answer, SOA in authority).
 * A `'SERVFAIL'` or `'REFUSED'` entry answers so for its name and the names below it.
 * Counts every query it receives. A `silent` server never answers (UDP dropped, TCP left open).
 */
import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server, type Socket as TcpSocket } from 'node:net';
import * as dnsPacket from 'dns-packet';

import type { StaticDnsRecords, StaticDnsZone } from '../../src/testing/dns.js';

export type ZoneRecords = StaticDnsRecords;
/** Name → records, or a failure code to answer with (the format of `createStaticDnsProvider`). */
export type Zone = StaticDnsZone;

export interface QueryLogEntry {
  name: string;
  type: string;
  transport: 'udp' | 'tcp';
}

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, for `setServers` / `dnsServers`. */
  readonly address: string;
  readonly port: number;
  /** Every query received, in order. */
  readonly queries: QueryLogEntry[];
  reset(): void;
  /** Serves `zone` from now on instead of the zone it started with (a resolver that recovers). */
  setZone(zone: Zone): void;
  close(): Promise<void>;
}

export interface TestDnsServerOptions {
  /** Never answer (UDP queries are dropped, TCP connections stay open and silent). */
  silent?: boolean;
  /** Largest UDP response; larger answers are sent truncated (TC) so the client retries over TCP. Default 512. */
  udpLimit?: number;
  /** Record TTL in seconds (default 300). */
  ttl?: number;
}

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

function lower(name: string): string {
  return name.toLowerCase().replace(/\.$/, '');
}

function chunk(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 255) out.push(text.slice(i, i + 255));
  return out.length ? out : [''];
}

export function answerFor(zone: Zone, query: dnsPacket.Packet, ttl: number): dnsPacket.Packet {
  const question = query.questions?.[0];
  const response: dnsPacket.Packet = {
    type: 'response',
    id: query.id ?? 0,
    flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED),
    questions: query.questions ?? [],
    answers: [],
    authorities: [],
  };
  if (!question) return { ...response, flags: (response.flags ?? 0) | 1 /* FORMERR */ };
  const name = lower(question.name);
  // A failing entry fails for its name and every name below it (the zone is broken).
  const failing = Object.entries(zone).find(([n, v]) => typeof v === 'string' && (name === n || name.endsWith(`.${n}`)));
  const entry = failing ? failing[1] : zone[name];
  const labels = name.split('.');
  const soa: dnsPacket.Answer = {
    type: 'SOA',
    name: labels.slice(-2).join('.'),
    ttl,
    data: { mname: 'ns.test-server.invalid', rname: 'hostmaster.test-server.invalid', serial: 1, refresh: 3600, retry: 600, expire: 86400, minimum: 60 },
  };
  if (entry === 'SERVFAIL' || entry === 'REFUSED') return { ...response, flags: (response.flags ?? 0) | RCODE[entry], authorities: [] };
  const exists = entry !== undefined || Object.keys(zone).some((n) => n.endsWith(`.${name}`));
  if (!exists) return { ...response, flags: (response.flags ?? 0) | RCODE.NXDOMAIN, authorities: [soa] };
  const records = (entry ?? {}) as ZoneRecords;
  const answers: dnsPacket.Answer[] = [];
  const qname = question.name;
  switch (question.type) {
    case 'MX':
      for (const [preference, exchange] of records.MX ?? []) answers.push({ type: 'MX', name: qname, ttl, data: { preference, exchange } });
      break;
    case 'TXT':
      for (const t of records.TXT ?? []) answers.push({ type: 'TXT', name: qname, ttl, data: typeof t === 'string' ? chunk(t) : [...t] });
      break;
    case 'A':
      for (const a of records.A ?? []) answers.push({ type: 'A', name: qname, ttl, data: a });
      break;
    case 'AAAA':
      for (const a of records.AAAA ?? []) answers.push({ type: 'AAAA', name: qname, ttl, data: a });
      break;
    default:
      break;
  }
  return answers.length > 0 ? { ...response, answers } : { ...response, authorities: [soa] };
}

/** Starts the server; `close()` it in `afterAll`. */
export async function startDnsServer(zone: Zone, options: TestDnsServerOptions = {}): Promise<TestDnsServer> {
  const normalized: Record<string, ZoneRecords | 'SERVFAIL' | 'REFUSED'> = {};
  const setZone = (z: Zone): void => {
    for (const name of Object.keys(normalized)) delete normalized[name];
    for (const [name, records] of Object.entries(z)) normalized[lower(name)] = records;
  };
  setZone(zone);
  const ttl = options.ttl ?? 300;
  const udpLimit = options.udpLimit ?? 512;
  const queries: QueryLogEntry[] = [];
  const sockets = new Set<TcpSocket>();
  let udp: Socket | undefined;

  const log = (packet: dnsPacket.Packet, transport: 'udp' | 'tcp') => {
    const q = packet.questions?.[0];
    queries.push({ name: q ? lower(q.name) : '', type: q?.type ?? '', transport });
  };

  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      while (buffer.length >= 2) {
        const length = buffer.readUInt16BE(0);
        if (buffer.length < 2 + length) break;
        const message = buffer.subarray(2, 2 + length);
        buffer = buffer.subarray(2 + length);
        let packet: dnsPacket.Packet;
        try {
          packet = dnsPacket.decode(message);
        } catch {
          socket.destroy();
          return;
        }
        log(packet, 'tcp');
        if (options.silent) continue;
        socket.write(dnsPacket.streamEncode(answerFor(normalized, packet, ttl)));
      }
    });
  });

  const onUdp = (socket: Socket) => (message: Buffer, remote: { address: string; port: number }) => {
    let packet: dnsPacket.Packet;
    try {
      packet = dnsPacket.decode(message);
    } catch {
      return;
    }
    log(packet, 'udp');
    if (options.silent) return;
    const response = answerFor(normalized, packet, ttl);
    let out = dnsPacket.encode(response);
    if (out.length > udpLimit) {
      out = dnsPacket.encode({ ...response, flags: (response.flags ?? 0) | dnsPacket.TRUNCATED_RESPONSE, answers: [], authorities: [] });
    }
    socket.send(out, remote.port, remote.address);
  };

  // UDP and TCP on the same port: bind UDP to a free port, then TCP to it; retry if taken.
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    const socket = createSocket('udp4');
    socket.on('message', onUdp(socket));
    port = await new Promise<number>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve(socket.address().port));
    });
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => {
          tcp.off('error', reject);
          resolve();
        });
      });
      udp = socket;
      break;
    } catch (error) {
      socket.close();
      if (attempt >= 20) throw error;
    }
  }
  return finish();

  function finish(): TestDnsServer {
    return {
      address: `127.0.0.1:${port}`,
      port,
      queries,
      reset: () => void queries.splice(0),
      setZone,
      close: async () => {
        for (const s of sockets) s.destroy();
        await Promise.all([
          new Promise<void>((resolve) => tcp.close(() => resolve())),
          new Promise<void>((resolve) => {
            if (!udp) return resolve();
            udp.close(() => resolve());
          }),
        ]);
      },
    };
  }
}
