import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { EXTENSION_ID } from '@rr/contracts';
import { describe, expect, it } from 'vitest';

const manifest = JSON.parse(readFileSync(new URL('../static/manifest.json', import.meta.url), 'utf8'));

/** Chromium's extension id: the first 128 bits of SHA-256(public key DER), hex digits written a–p. */
function idOfKey(key: string): string {
  const hex = createHash('sha256').update(Buffer.from(key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

describe('manifest', () => {
  it('has the key whose id the server allows by default (CORS)', () => {
    expect(idOfKey(manifest.key)).toBe(EXTENSION_ID);
  });

  it('asks for storage only: no host permissions, the 1688 pages through content-script matches', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['storage']);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.optional_host_permissions).toBeUndefined();
  });

  it('reads the offer page in its MAIN world from document_start, the button in the isolated world', () => {
    const scripts = manifest.content_scripts as {
      matches: string[];
      js: string[];
      world?: string;
      run_at?: string;
    }[];
    const reader = scripts.find((s) => s.js.includes('page-reader.js'));
    expect(reader).toMatchObject({
      world: 'MAIN',
      run_at: 'document_start',
      matches: ['https://detail.1688.com/offer/*'],
    });
    const button = scripts.find((s) => s.js.includes('offer-content.js'));
    expect(button?.world).toBeUndefined();
    expect(button?.matches).toEqual(['https://detail.1688.com/offer/*']);
  });
});
