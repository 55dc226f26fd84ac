import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage, STATUS_CODES } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send requests an admin pointed it at (the automation webhook URL): never to
 * this machine, the private network or a cloud's metadata service, unless the operator allows it
 * (ALLOW_PRIVATE_WEBHOOK_TARGETS=1, for a receiver on the same network). The address checked is the
 * one the connection is made to, inside the connection's own DNS lookup, so a name that resolves to
 * a public address when saved and to a private one when sent is still refused.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local, AWS metadata fd00:ec2::254
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215): a gateway of this network, whatever it carries
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

/**
 * The IPv4 addresses an IPv6 address carries where a host's stack or a gateway on the way may reach
 * them: IPv4-compatible (::/96), IPv4-mapped (::ffff:0:0/96), SIIT (::ffff:0:0:0/96), NAT64
 * (64:ff9b::/96), 6to4 (2002::/16) and Teredo (2001::/32: its server, and its client stored inverted).
 */
function embeddedIPv4(address: string): string[] {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = ipv6Groups(address);
  const quad = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  const last = quad(g6, g7);
  const found: string[] = [];
  const zeroTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (zeroTo4 && g4 === 0 && (g5 === 0 || g5 === 0xffff)) found.push(last);
  if (zeroTo4 && g4 === 0xffff && g5 === 0) found.push(last);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) found.push(last);
  if (g0 === 0x2002) found.push(quad(g1, g2));
  if (g0 === 0x2001 && g1 === 0) found.push(quad(g2, g3), quad(g6 ^ 0xffff, g7 ^ 0xffff));
  return found;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted quad read). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return groups.map((group) => Number.parseInt(group, 16));
}

export const PRIVATE_TARGET_MESSAGE =
  'The address points to this server or a private network, which is not allowed';

export class PrivateTargetError extends Error {
  constructor(readonly address: string) {
    super(`${PRIVATE_TARGET_MESSAGE} (${address})`);
  }
}

/**
 * True for loopback, private, link-local, unique-local, CGNAT, multicast and metadata addresses, and
 * for an IPv6 address that carries one of the IPv4 ones.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family !== 6) return true;
  if (PRIVATE.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  return embeddedIPv4(address).some((ipv4) => PRIVATE.check(ipv4, 'ipv4'));
}

export type Resolver = (
  hostname: string,
  callback: (err: Error | null, addresses: LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, callback) =>
  dnsLookup(hostname, { all: true }, (err, addresses) => callback(err, addresses ?? []));

/** A `lookup` for net.connect that refuses a name with any private address among its answers. */
export function guardedLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const refused = addresses.find((entry) => isPrivateAddress(entry.address));
      if (refused) return callback(new PrivateTargetError(refused.address), '', 4);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address`), '', 4);
      if (options.all)
        return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * For saving a URL: refused when its host is, or resolves to, a private address. A name that does
 * not resolve now is accepted (it is checked again at every send).
 */
export async function assertPublicTarget(url: string, resolve: Resolver = systemResolver): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw new PrivateTargetError(host);
    return;
  }
  const addresses = await new Promise<LookupAddress[]>((done) =>
    resolve(host, (err, found) => done(err ? [] : found)),
  );
  const refused = addresses.find((entry) => isPrivateAddress(entry.address));
  if (refused) throw new PrivateTargetError(refused.address);
}

export interface PostOptions {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * POSTs to an outside receiver and answers its status code. The answer's body is read and dropped:
 * it may be an internal page's text, which nobody should see through this product.
 */
export function postToTarget(url: string, options: PostOptions): Promise<number> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.reject(new PrivateTargetError(host));
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        signal: AbortSignal.timeout(options.timeoutMs),
        ...(!options.allowPrivate && { lookup: guardedLookup(options.resolve) }),
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A receiver's answer as admins see it: the status and its standard words, never its body. */
export function statusSummary(status: number): string {
  return `HTTP ${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
}
