import { isIP } from 'node:net';

// Images reach Coupang by address: Coupang fetches each `vendorPath` (and the detail HTML's images)
// itself. Before a product is sent, every such address must be absolute http(s) on a host Coupang can
// reach: not this machine or a private network, unless the Coupang gateway configured is itself local
// (the fake gateway of the demo and tests, which reaches what this machine serves).

const PRIVATE_V4 = [/^127\./, /^10\./, /^192\.168\./, /^172\.(1[6-9]|2\d|3[01])\./, /^169\.254\./, /^0\./];

export function isLocalHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h.endsWith('.internal'))
    return true;
  if (isIP(h) === 4) return PRIVATE_V4.some((r) => r.test(h));
  if (isIP(h) === 6) return h === '::1' || h.startsWith('fc') || h.startsWith('fd') || h.startsWith('fe80');
  return false;
}

/** The image addresses of a creation payload: item images and the detail HTML's `src`s. */
export function payloadImageUrls(payload: Record<string, unknown>): string[] {
  const out: string[] = [];
  const items = Array.isArray(payload.items) ? (payload.items as Record<string, unknown>[]) : [];
  for (const item of items) {
    for (const image of (item.images as Record<string, unknown>[] | undefined) ?? [])
      if (typeof image.vendorPath === 'string') out.push(image.vendorPath);
    for (const content of (item.contents as Record<string, unknown>[] | undefined) ?? [])
      for (const detail of (content.contentDetails as Record<string, unknown>[] | undefined) ?? [])
        if (typeof detail.content === 'string')
          for (const m of detail.content.matchAll(/src=["']([^"']+)["']/g)) out.push(m[1]!);
  }
  return [...new Set(out)];
}

/** The addresses Coupang could not fetch (empty: all reachable). */
export function unreachableImages(urls: readonly string[], coupangBaseUrl: string): string[] {
  const gatewayIsLocal = isLocalHost(new URL(coupangBaseUrl).hostname);
  return urls.filter((url) => {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      return true;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return true;
    return !gatewayIsLocal && isLocalHost(u.hostname);
  });
}
