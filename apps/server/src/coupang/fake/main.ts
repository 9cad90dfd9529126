import net from 'node:net';
import { startFakeCoupang } from './fake-coupang-server.ts';
import { DEMO_SALES_ITEMS } from './fake-sales.ts';

// `node --import tsx apps/server/src/coupang/fake/main.ts`: the fake Coupang gateway on
// FAKE_COUPANG_PORT (the demo's `npm start` and the browser tests start it). When that port is taken
// (another instance's fake, anything else), it takes a free port instead of dying with EADDRINUSE,
// and says which: over the IPC channel when its parent opened one (`{ fakeCoupangUrl }`: npm start
// points the app at that URL, never at a port the fake did not open), and on stdout. It stops when
// that parent is gone (its IPC channel closed).

/** Whether `port` can be listened on at 127.0.0.1 now. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

const wanted = Number(process.env.FAKE_COUPANG_PORT ?? 4780);
const port = wanted > 0 && (await portFree(wanted)) ? wanted : 0;
if (port !== wanted)
  console.log(`FAKE_COUPANG_PORT ${wanted} is in use: the fake Coupang takes a free port instead`);
// FAKE_COUPANG_REVIEW_MS: how long a review takes (심사중 → 승인대기중 → decision; 20 s when unset, so
// the demo shows the review pass); FAKE_COUPANG_SKU_LAG_MS: how long a new product stays out of the SKU
// look-up (Coupang's is about a minute; 10 s when unset). Tests set them, or steer them per test.
const envMs = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};
const fake = await startFakeCoupang({
  port,
  reviewMs: envMs('FAKE_COUPANG_REVIEW_MS', 20_000),
  skuLookupLagMs: envMs('FAKE_COUPANG_SKU_LAG_MS', 10_000),
  // Issue 41: 90 days of orders, returns, settlements and Rocket Growth stock for the demo's items.
  salesItems: DEMO_SALES_ITEMS,
  // The demo keeps the fake's products beside its data (npm start sets it): a restart forgets nothing.
  ...(process.env.FAKE_COUPANG_STATE_FILE ? { stateFile: process.env.FAKE_COUPANG_STATE_FILE } : {}),
});
console.log(`fake Coupang Open API on ${fake.url}`);
process.send?.({ fakeCoupangUrl: fake.url });
const stop = () => void fake.close().then(() => process.exit(0));
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, stop);
if (process.channel) {
  process.on('disconnect', stop);
  process.channel.unref();
}
