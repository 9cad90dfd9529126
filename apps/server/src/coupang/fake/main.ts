import { startFakeCoupang } from './fake-coupang-server.ts';

// `node --import tsx apps/server/src/coupang/fake/main.ts`: the fake Coupang gateway on
// FAKE_COUPANG_PORT (the demo's `npm start` and the browser tests start it).
const fake = await startFakeCoupang({ port: Number(process.env.FAKE_COUPANG_PORT ?? 4780) });
console.log(`fake Coupang Open API on ${fake.url}`);
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => {
    void fake.close().then(() => process.exit(0));
  });
