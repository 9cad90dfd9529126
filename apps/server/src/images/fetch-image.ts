/**
 * Loads an image from a URL for processing, safely.
 *
 * Interface for other areas:
 *
 *   const img = await fetchImage(url, { storage });   // → { data, contentType, format, width, height, source }
 *   // throws ImageFetchError, an AppError { code, kind, userMessage: { ko, en } }
 *
 * - Our own storage URLs (/files/...) are read from storage directly, not over HTTP, and only the
 *   caller's company's files (`company`): another company's key answers 404 `image_not_found`.
 * - Only http(s). Every hop (redirects too, at most 5) resolves the host and refuses every address
 *   that is not global unicast (private, loopback, link-local, CGNAT, multicast, metadata, and IPv6
 *   forms that carry an IPv4 address: ::/96, ::ffff:0:0/96, 6to4, Teredo, NAT64, fec0::/10); the
 *   connection is made to the address that was checked (no DNS rebinding between check and connect).
 * - At most `maxBytes` (default 20 MB) are read; images above `maxPixels` (default 40 M) are refused
 *   before decoding (decompression bombs); non-images are refused.
 * - The whole load times out after 15 s (the spec's image load timeout).
 * - `hosts` (tests only: the server's TEST_IMAGE_HOSTS, refused in production) answers named hosts
 *   from a local test server, as Chromium's `--host-resolver-rules MAP` does for the browser: the
 *   connection goes to the mapped address and port, TLS is still verified for the host's own name.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import sharp from 'sharp';
import { AppError, type ErrorKind, type Message } from '../errors/app-error.ts';
import { type FileStorage, ownsKey } from './storage.ts';

export const FETCH_MESSAGES = {
  urlMissing: { ko: '이미지 URL이 없습니다', en: 'Image URL is missing' },
  urlInvalid: {
    ko: '지원하지 않는 이미지 주소입니다 (http/https만 가능)',
    en: 'Only http(s) image URLs are allowed',
  },
  blocked: { ko: '허용되지 않는 이미지 주소입니다', en: 'This image address is not allowed' },
  downloadFailed: (status: number) => ({
    ko: `이미지 다운로드 실패 (상태 ${status})`,
    en: `Image download failed with status ${status}`,
  }),
  loadFailed: { ko: '이미지를 불러오지 못했습니다.', en: 'Image load failed' },
  timeout: { ko: '이미지 로드 시간 초과 (15초)', en: 'Image load timed out after 15 s' },
  tooLarge: { ko: '이미지 파일이 너무 큽니다', en: 'The image file is too large' },
  tooManyPixels: { ko: '이미지 해상도가 너무 큽니다', en: 'The image has too many pixels' },
  notImage: { ko: '이미지 파일이 아니거나 손상되었습니다', en: 'Not an image or a damaged file' },
  tooManyRedirects: { ko: '이미지 주소의 리다이렉트가 너무 많습니다', en: 'Too many redirects' },
  notFoundInStorage: { ko: '저장된 이미지를 찾을 수 없습니다', en: 'Stored image not found' },
} as const;

/** Loading an image failed; an `AppError` whose kind says whose fault it was. */
export class ImageFetchError extends AppError {
  constructor(code: string, userMessage: Message, kind: ErrorKind = 'invalid') {
    super(code, kind, userMessage);
    this.name = 'ImageFetchError';
  }
}

/**
 * Whose stored files may be read: with `storage`, the company the work is for. A stored URL of
 * another company is answered as not found, so no company can have another's files processed.
 */
export type StorageScope =
  | { storage: FileStorage; company: string }
  | { storage?: undefined; company?: undefined };

export type FetchImageOptions = StorageScope & {
  maxBytes?: number;
  maxPixels?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Test hook: exact `host:port` origins allowed although private (e.g. a local test server). */
  allowPrivateOrigins?: string[];
  /** Test hook: hosts answered by a local test server (see `TestImageHosts`). */
  hosts?: TestImageHosts;
};

/**
 * Hosts a test stands in for (e.g. `cbu01.alicdn.com` → 127.0.0.1:41234): a request to such a host,
 * on any port, connects to the mapped address instead of resolving the name; the Host header and the
 * TLS server name stay the host's own. Only the server's TEST_IMAGE_HOSTS fills it (config.ts refuses
 * it in production); empty everywhere else.
 */
export type TestImageHosts = ReadonlyMap<string, { address: string; port: number }>;

/** What a company's image fetches may reach beyond global addresses (nothing, outside tests). */
export type ImageFetchRules = Pick<FetchImageOptions, 'allowPrivateOrigins' | 'hosts'>;

export type FetchedImage = {
  data: Buffer;
  contentType: string;
  format: string;
  width: number;
  height: number;
  source: 'storage' | 'http';
};

export const IMAGE_LOAD_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_PIXELS = 40_000_000;
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff', 'heif']);

/**
 * Only global unicast addresses may be reached. `ipaddr.js` names every special range (private,
 * loopback, link-local, CGNAT, multicast, reserved/documentation, 6to4, Teredo, NAT64, site-local,
 * ORCHID, discard, benchmarking…); anything it does not call `unicast` is refused. IPv4-mapped
 * addresses (either spelling: `::ffff:127.0.0.1`, `::ffff:7f00:1`) are judged as the IPv4 address
 * they carry; the deprecated IPv4-compatible range `::/96`, which ipaddr.js calls unicast, is refused
 * outright (a host stack may route `::7f00:1` to 127.0.0.1). The block list below adds the ranges a
 * future ipaddr.js might reclassify, so both must agree before an address is used.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  // (no ::ffff:0:0/96 here: Node's BlockList checks every IPv4 address as that range; mapped
  // addresses are converted to IPv4 before the check instead)
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** True for addresses a server-side fetch must never reach (private, loopback, link-local, metadata…). */
export function isBlockedAddress(address: string): boolean {
  if (!isIP(address)) return true;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (parsed.range() !== 'unicast') return true;
  if (parsed.kind() === 'ipv4') return blocked.check(parsed.toString(), 'ipv4');
  // BlockList does not take zone ids; a zoned address is link-local and already refused above.
  return blocked.check(parsed.toNormalizedString(), 'ipv6');
}

export async function fetchImage(
  url: string | undefined | null,
  opts: FetchImageOptions = {},
): Promise<FetchedImage> {
  if (!url || typeof url !== 'string' || !url.trim())
    throw new ImageFetchError('image_url_missing', FETCH_MESSAGES.urlMissing);
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  const trimmed = url.trim();
  if (opts.storage?.isOwnUrl(trimmed)) {
    const key = opts.storage.keyOf(trimmed);
    const f = key && ownsKey(opts.company, key) ? await opts.storage.read(key) : undefined;
    if (!f) throw new ImageFetchError('image_not_found', FETCH_MESSAGES.notFoundInStorage, 'not_found');
    return { ...(await checkImage(f.data, maxPixels)), data: f.data, source: 'storage' };
  }
  const timeoutMs = opts.timeoutMs ?? IMAGE_LOAD_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { data, contentType } = await download(trimmed, opts, controller.signal);
    const meta = await checkImage(data, maxPixels);
    return { ...meta, contentType: meta.contentType || contentType, data, source: 'http' };
  } catch (err) {
    if (controller.signal.aborted) {
      throw new ImageFetchError('image_load_timeout', FETCH_MESSAGES.timeout, 'timeout');
    }
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** W §9: the image existence check before and after work is a HEAD request with a 3 s timeout. */
export const REACHABILITY_TIMEOUT_MS = 3000;

/**
 * W §4 / §7 "HEAD on an image URL": true when the image answers (2xx, or a server that refuses HEAD
 * with 405/501, which says nothing about the image). Our own files are looked up in storage. The
 * same address rules as `fetchImage` apply (no private addresses, at most 5 redirects).
 */
export async function isImageReachable(
  url: string | undefined | null,
  opts: StorageScope &
    Pick<FetchImageOptions, 'allowPrivateOrigins' | 'hosts' | 'maxRedirects'> & {
      timeoutMs?: number;
    } = {},
): Promise<boolean> {
  const trimmed = typeof url === 'string' ? url.trim() : '';
  if (!trimmed) return false;
  if (opts.storage?.isOwnUrl(trimmed)) {
    const key = opts.storage.keyOf(trimmed);
    return key !== undefined && ownsKey(opts.company, key) && (await opts.storage.stat(key)) !== undefined;
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? REACHABILITY_TIMEOUT_MS);
  try {
    let current = trimmed;
    for (let hop = 0; hop <= (opts.maxRedirects ?? 5); hop++) {
      const u = checkedUrl(current, opts);
      const res = await request(u, controller.signal, 'HEAD');
      res.resume();
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        current = new URL(res.headers.location, u.url).toString();
        continue;
      }
      return (status >= 200 && status < 300) || status === 405 || status === 501;
    }
    return false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Uploaded bytes checked like a download: a real image, not too many pixels. */
export async function inspectImage(data: Buffer, maxPixels = DEFAULT_MAX_PIXELS): Promise<FetchedImage> {
  return { ...(await checkImage(data, maxPixels)), data, source: 'storage' };
}

async function checkImage(data: Buffer, maxPixels: number) {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageFetchError('image_invalid', FETCH_MESSAGES.notImage);
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new ImageFetchError('image_invalid', FETCH_MESSAGES.notImage);
  }
  if (meta.width * meta.height > maxPixels) {
    throw new ImageFetchError('image_too_many_pixels', FETCH_MESSAGES.tooManyPixels, 'too_large');
  }
  return { format: meta.format, contentType: `image/${meta.format}`, width: meta.width, height: meta.height };
}

/** A DNS lookup that refuses blocked addresses, used for the actual connection. */
function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => isBlockedAddress(a.address));
      if ((bad && !allowed) || list.length === 0) {
        return callback(Object.assign(new Error('blocked address'), { code: 'EBLOCKED' }), '', 0);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

async function download(
  start: string,
  opts: FetchImageOptions,
  signal: AbortSignal,
): Promise<{ data: Buffer; contentType: string }> {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? 5;
  let current = start;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const checked = checkedUrl(current, opts);
    const u = checked.url;
    const res = await request(checked, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      current = new URL(res.headers.location, u).toString();
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new ImageFetchError('image_download_failed', FETCH_MESSAGES.downloadFailed(status), 'upstream');
    }
    const declared = Number(res.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      res.destroy();
      throw new ImageFetchError('image_too_large', FETCH_MESSAGES.tooLarge, 'too_large');
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        res.destroy();
        throw new ImageFetchError('image_too_large', FETCH_MESSAGES.tooLarge, 'too_large');
      }
      chunks.push(chunk as Buffer);
    }
    return { data: Buffer.concat(chunks), contentType: String(res.headers['content-type'] ?? '') };
  }
  throw new ImageFetchError('image_too_many_redirects', FETCH_MESSAGES.tooManyRedirects);
}

/** One hop's checked URL: whether its private address is allowed, and a test host's stand-in. */
type CheckedUrl = { url: URL; allowed: boolean; standIn?: { address: string; port: number } | undefined };

/** Parses one hop's URL and refuses what a server-side request must not reach. */
function checkedUrl(current: string, opts: ImageFetchRules): CheckedUrl {
  let u: URL;
  try {
    u = new URL(current);
  } catch {
    throw new ImageFetchError('image_url_invalid', FETCH_MESSAGES.urlInvalid);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ImageFetchError('image_url_invalid', FETCH_MESSAGES.urlInvalid);
  }
  if (u.username || u.password) throw new ImageFetchError('image_url_invalid', FETCH_MESSAGES.urlInvalid);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  const standIn = isIP(host) ? undefined : opts.hosts?.get(host.toLowerCase());
  if (standIn) return { url: u, allowed: true, standIn };
  const allowed = opts.allowPrivateOrigins?.includes(`${host}:${port}`) ?? false;
  if (isIP(host) && isBlockedAddress(host) && !allowed)
    throw new ImageFetchError('image_url_blocked', FETCH_MESSAGES.blocked);
  if (
    !isIP(host) &&
    /^(localhost|.*\.localhost|.*\.internal|metadata\.google\.internal)$/i.test(host) &&
    !allowed
  ) {
    throw new ImageFetchError('image_url_blocked', FETCH_MESSAGES.blocked);
  }
  return { url: u, allowed };
}

function request(
  hop: CheckedUrl,
  signal: AbortSignal,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<http.IncomingMessage> {
  const u = hop.url;
  return new Promise((resolve, reject) => {
    const mod = u.protocol === 'https:' ? https : http;
    const headers = {
      'user-agent': 'Mozilla/5.0 (rocket-registration image fetch)',
      accept: 'image/*,*/*;q=0.5',
    };
    const req = hop.standIn
      ? // A test host: its stand-in's address (a literal, no look-up), the host's own name for TLS.
        mod.request(
          {
            protocol: u.protocol,
            hostname: hop.standIn.address,
            port: hop.standIn.port,
            path: `${u.pathname}${u.search}`,
            servername: u.hostname,
            method,
            signal,
            headers: { ...headers, host: u.host },
          },
          resolve,
        )
      : mod.request(u, { method, lookup: guardedLookup(hop.allowed), signal, headers }, resolve);
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EBLOCKED') reject(new ImageFetchError('image_url_blocked', FETCH_MESSAGES.blocked));
      else if (signal.aborted)
        reject(new ImageFetchError('image_load_timeout', FETCH_MESSAGES.timeout, 'timeout'));
      else reject(new ImageFetchError('image_load_failed', FETCH_MESSAGES.loadFailed, 'upstream'));
    });
    req.end();
  });
}
