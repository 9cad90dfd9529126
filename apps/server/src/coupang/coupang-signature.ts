import { createHmac, timingSafeEqual } from 'node:crypto';

// Coupang Open API authentication (developers.coupangcorp.com, "HMAC Signature 생성"): the
// Authorization header is
//   CEA algorithm=HmacSHA256, access-key=<access key>, signed-date=<yyMMdd'T'HHmmss'Z' in UTC>, signature=<hex>
// where the signature is HMAC-SHA256 (secret key) over signed-date + method + path + query, the query
// taken as sent without its '?'.

export type CoupangKeys = { readonly accessKey: string; readonly secretKey: string };

/** `yyMMdd'T'HHmmss'Z'` in UTC. */
export function signedDateOf(at: Date): string {
  const iso = at.toISOString(); // 2025-11-25T15:00:00.000Z
  return `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** The hex HMAC-SHA256 of the documented message. */
export function coupangSignature(
  secretKey: string,
  signedDate: string,
  method: string,
  path: string,
  query: string,
): string {
  const message = `${signedDate}${method.toUpperCase()}${path}${query.replace(/^\?/, '')}`;
  return createHmac('sha256', Buffer.from(secretKey, 'utf8')).update(message, 'utf8').digest('hex');
}

/** The Authorization header of one request. */
export function coupangAuthorization(
  keys: CoupangKeys,
  method: string,
  path: string,
  query: string,
  at: Date,
): string {
  const signedDate = signedDateOf(at);
  const signature = coupangSignature(keys.secretKey, signedDate, method, path, query);
  return `CEA algorithm=HmacSHA256, access-key=${keys.accessKey}, signed-date=${signedDate}, signature=${signature}`;
}

export type ParsedAuthorization = {
  readonly algorithm: string;
  readonly accessKey: string;
  readonly signedDate: string;
  readonly signature: string;
};

/** Reads a CEA header back (the fake server's check); null when it is not one. */
export function parseCoupangAuthorization(header: string | undefined): ParsedAuthorization | null {
  const m = /^CEA\s+(.*)$/.exec(header?.trim() ?? '');
  if (!m) return null;
  const parts = new Map<string, string>();
  for (const piece of m[1]!.split(',')) {
    const eq = piece.indexOf('=');
    if (eq < 0) return null;
    parts.set(piece.slice(0, eq).trim(), piece.slice(eq + 1).trim());
  }
  const algorithm = parts.get('algorithm');
  const accessKey = parts.get('access-key');
  const signedDate = parts.get('signed-date');
  const signature = parts.get('signature');
  if (!algorithm || !accessKey || !signedDate || !signature) return null;
  return { algorithm, accessKey, signedDate, signature };
}

/** The instant of a signed-date, or null when it is malformed. */
export function parseSignedDate(signedDate: string): Date | null {
  const m = /^(\d{2})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(signedDate);
  if (!m) return null;
  const [, yy, mo, d, h, mi, s] = m;
  const at = new Date(`20${yy}-${mo}-${d}T${h}:${mi}:${s}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}
