import { startFakeCoupang } from './fake-coupang-server.ts';

// `node --import tsx apps/server/src/coupang/fake/main.ts`: the fake Coupang gateway on
// FAKE_COUPANG_PORT (the demo's `npm start` and the browser tests start it).
// FAKE_COUPANG_REVIEW_MS: how long a review takes (심사중 → 승인대기중 → decision); FAKE_COUPANG_SKU_LAG_MS:
// how long a new product stays out of the SKU look-up (Coupang's is about a minute). Both 0 when unset.
const envMs = (name: string) => Math.max(0, Number(process.env[name] ?? 0) || 0);
const fake = await startFakeCoupang({
  port: Number(process.env.FAKE_COUPANG_PORT ?? 4780),
  reviewMs: envMs('FAKE_COUPANG_REVIEW_MS'),
  skuLookupLagMs: envMs('FAKE_COUPANG_SKU_LAG_MS'),
});
console.log(`fake Coupang Open API on ${fake.url}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    void fake.close().then(() => process.exit(0));
  });
