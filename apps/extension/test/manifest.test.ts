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

  it('asks for storage and the description host only; the 1688 pages through content-script matches', () => {
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['storage']);
    expect(manifest.host_permissions).toEqual(['https://itemcdn.tmall.com/*']);
    expect(manifest.optional_host_permissions).toBeUndefined();
  });

  it('has icons at 16, 32, 48 and 128 px that are those sizes', () => {
    for (const [size, file] of Object.entries(manifest.icons as Record<string, string>)) {
      const png = readFileSync(new URL(`../static/${file}`, import.meta.url));
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
    expect(Object.keys(manifest.icons)).toEqual(['16', '32', '48', '128']);
    expect(manifest.action.default_icon).toBeDefined();
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

  it("reads Coupang's search page (issue 42: keywords) in the isolated world, with no new permission", () => {
    const scripts = manifest.content_scripts as { matches: string[]; js: string[]; world?: string }[];
    const keywords = scripts.find((s) => s.js.includes('coupang-content.js'));
    expect(keywords).toEqual({
      matches: ['https://www.coupang.com/np/search*'],
      js: ['coupang-content.js'],
      run_at: 'document_idle',
    });
  });
});
