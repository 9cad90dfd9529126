/**
 * Image engine benchmark: `npx tsx apps/server/bench/images-bench.ts [count=100]`
 * Prints end-to-end times for one 800×800 and one 790×2000 image (model load excluded, targets
 * ≤ 3 s and ≤ 5 s on 2 cores), images per minute through the worker pool, and peak memory (RSS of
 * this process plus its worker threads) over `count` images.
 */
import { createImageEngine } from '../src/images/translate/engine.ts';
import { detailScene, flatScene, texturedScene } from '../test/images/support/scenes.ts';

const count = Number(process.argv[2] ?? 100);
const engine = createImageEngine();
let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 100);

const t0 = performance.now();
await engine.warmup();
console.log(`model load (all workers): ${((performance.now() - t0) / 1000).toFixed(2)} s`);

const flat = flatScene().png;
const textured = texturedScene().png;
const detail = detailScene().png;
const once = async (name: string, png: Buffer, target: number) => {
  await engine.translateImage(png); // first run per worker warms caches
  const t = performance.now();
  const r = await engine.translateImage(png);
  const s = (performance.now() - t) / 1000;
  const ms = Object.entries(r.ms)
    .map(([k, v]) => `${k} ${Math.round(v)}ms`)
    .join(', ');
  console.log(
    `${name}: ${s.toFixed(2)} s end to end (target ≤ ${target} s, ratio ${(s / target).toFixed(2)}) — ${ms}`,
  );
};
await once('800×800', flat, 3);
await once('790×2000', detail, 5);

const inputs = [flat, textured, detail];
const t1 = performance.now();
let done = 0;
await Promise.all(
  Array.from({ length: count }, (_, i) =>
    engine.translateImage(inputs[i % inputs.length]!).then(() => {
      done++;
    }),
  ),
);
const minutes = (performance.now() - t1) / 60_000;
clearInterval(sampler);
console.log(
  `pool: ${done} images (800×800 and 790×2000 mixed) in ${(minutes * 60).toFixed(1)} s → ${(done / minutes).toFixed(1)} images/min`,
);
console.log(`peak RSS over ${count} images: ${(peak / 1024 / 1024).toFixed(0)} MB`);
await engine.close();
