import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

describe('security headers', async () => {
  const { app } = await createTestApp();

  it('every answer carries a CSP that forbids framing and foreign scripts, no Referer, nosniff', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/some/page']) {
      const res = await app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // Without https in PUBLIC_URL there is no HSTS and no upgrade (http://localhost keeps working).
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('refused and error answers carry them too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/aiRocketReg/getlist', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('security headers in production behind https', async () => {
  const { app } = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://rr.example.com' });

  it('adds HSTS and upgrades insecure requests', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });
});
