import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM with a key derived from APP_SECRET (HKDF-SHA256). Stored as `v1:iv:tag:ciphertext` (base64url).

function keyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'rocket-registration', 'settings-api-keys/v1', 32));
}

export function encryptSecret(plain: string, appSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join(':');
}

/** Answers null when the value cannot be opened (another APP_SECRET, or tampered). */
export function decryptSecret(stored: string, appSecret: string): string | null {
  const [v, iv, tag, data] = stored.split(':');
  if (v !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
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
