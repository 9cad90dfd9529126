import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const dataDir = () => mkdtempSync(path.join(os.tmpdir(), 'rr-config-'));
const configModule = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/config.ts');

describe('safe defaults', () => {
  it('turns demo mode on by default only outside production', () => {
    const base = { DATA_DIR: dataDir(), APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).demo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).demo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).demo).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
    expect(loadConfig({ ...base, DEMO: 'false' }).demo).toBe(false);
  });

  it('listens on 127.0.0.1 unless HOST is set', () => {
    const base = { DATA_DIR: dataDir(), APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).host).toBe('127.0.0.1');
    expect(loadConfig({ ...base, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('trusts no proxy unless TRUST_PROXY names the hops or their addresses', () => {
    const base = { DATA_DIR: dataDir(), APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'true' })).toThrow(/hops/);
  });

  it('lets image fetches reach a test server only outside production (TEST_IMAGE_HOSTS)', () => {
    const base = { DATA_DIR: dataDir(), APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).testImageHosts.size).toBe(0);
    expect([
      ...loadConfig({
        ...base,
        TEST_IMAGE_HOSTS: 'CBU01.alicdn.com=127.0.0.1:4443, img.alicdn.com=127.0.0.1:4444',
      }).testImageHosts,
    ]).toEqual([
      ['cbu01.alicdn.com', { address: '127.0.0.1', port: 4443 }],
      ['img.alicdn.com', { address: '127.0.0.1', port: 4444 }],
    ]);
    expect(() => loadConfig({ ...base, TEST_IMAGE_HOSTS: 'cbu01.alicdn.com=localhost:4443' })).toThrow(
      /TEST_IMAGE_HOSTS/,
    );
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', TEST_IMAGE_HOSTS: 'cbu01.alicdn.com=127.0.0.1:4443' }),
    ).toThrow(/refused with NODE_ENV=production/);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).testImageHosts.size).toBe(0);
  });

  it('agrees on one app-secret when several processes start at once on a fresh DATA_DIR', async () => {
    for (let round = 0; round < 1; round++) {
      const dir = dataDir();
      const startAt = Date.now() + 12_000; // after every process has loaded (the machine may be busy)
      // Each process waits for the same instant, then reads or creates the secret. (The race is
      // timing-dependent: this guards the behaviour, it cannot force the interleaving every time.)
      const script = `import { loadConfig } from ${JSON.stringify(configModule)};
        const rest = ${startAt} - Date.now() - 5;
        if (rest > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, rest);
        while (Date.now() < ${startAt}) {}
        process.stdout.write(loadConfig({ DATA_DIR: ${JSON.stringify(dir)} }).appSecret);`;
      const secrets = await Promise.all(
        Array.from(
          { length: 4 },
          () =>
            new Promise<string>((resolve, reject) => {
              const child = spawn(
                process.execPath,
                ['--import', 'tsx', '--input-type=module', '-e', script],
                {
                  stdio: ['ignore', 'pipe', 'inherit'],
                },
              );
              let out = '';
              child.stdout.on('data', (d) => {
                out += String(d);
              });
              child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
            }),
        ),
      );
      expect(secrets[0]).toMatch(/^[\w-]{40,}$/);
      expect(new Set(secrets).size).toBe(1);
    }
  }, 120_000);
});
