import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM with a key derived from APP_SECRET (HKDF-SHA256). Stored as `v2:iv:tag:ciphertext`
// (base64url). v2 binds a value to its company: the company id is the cipher's additional
// authenticated data, so a ciphertext copied into another company's row does not open there.
// v1 (before binding) opens only through `openLegacySecret`, which the start-up re-sealing uses.

function keyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'rocket-registration', 'settings-api-keys/v1', 32));
}

function aadOf(companyId: string): Buffer {
  return Buffer.from(`company:${companyId}`, 'utf8');
}

export function encryptSecret(plain: string, appSecret: string, companyId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  cipher.setAAD(aadOf(companyId));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v2',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join(':');
}

/** Answers null when the value cannot be opened (another APP_SECRET, another company, or tampered). */
export function decryptSecret(stored: string, appSecret: string, companyId: string): string | null {
  return open(stored, 'v2', appSecret, aadOf(companyId));
}

/** A value sealed before keys were bound to their company (v1); null for anything else. */
export function openLegacySecret(stored: string, appSecret: string): string | null {
  return open(stored, 'v1', appSecret, undefined);
}

export function isLegacySecret(stored: string): boolean {
  return stored.startsWith('v1:');
}

function open(stored: string, version: 'v1' | 'v2', appSecret: string, aad: Buffer | undefined) {
  const [v, iv, tag, data, extra] = stored.split(':');
  if (v !== version || !iv || !tag || data === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
    if (aad) decipher.setAAD(aad);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

export const MASK_CHAR = '•';

/** `AIzaSyD…` → `AIza••••••••1234`: enough to recognise a key, never enough to use it. */
export function maskSecret(plain: string): string {
  if (!plain) return '';
  if (plain.length <= 8) return MASK_CHAR.repeat(8);
  return `${plain.slice(0, 4)}${MASK_CHAR.repeat(8)}${plain.slice(-4)}`;
}

export function isMasked(value: string): boolean {
  return value.includes(MASK_CHAR);
}
