/**
 * Image tasks benchmark (issue 12): `npm run bench image-tasks`.
 *
 * Prints, with the machine's load when it ran (nothing here asserts a time):
 * 1. Per line, over the demo images and the generated scenes: the source line's ink height beside
 *    the rendered Korean's; for a line outside 85–115%, the largest scale at which it fits
 *    (independent of the renderer) and whether it was forced smaller or is a violation; the
 *    counts of lines within range, forced smaller, violations and kept, and the time per image.
 * 1b. Fidelity (issue 25) per line on generated pictures with known colours: colour ΔE (CIEDE2000)
 *    of the drawn Korean against the source colour (≤ 10), halo ΔE of the cleaned area against the
 *    background around it (≤ 3), ink-height ratio; measured on the pictures, not from the engine.
 * 2. 20 detail images merged into one 800 px JPEG (target ≤ 1 s), best of 3.
 * 3. A product with 1 main, 5 additional and 12 detail images through the three image tasks, end to
 *    end (the workflow's tasks on a real PostgreSQL and file storage).
 * 4. Peak RSS of this process with its two engine workers over all of the above (target ≤ 1 GB).
 *
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 * (a fresh database is created and dropped).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { createDb } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_IMAGE_DIR } from '../src/demo/generate-demo-images.ts';
import { buildApp } from '../src/http/app.ts';
import { mergeDetailImages } from '../src/images/ops/merge.ts';
import { createImageEngine } from '../src/images/translate/engine.ts';
import { createProductRepository } from '../src/products/product-data-repository.ts';
import { insertDocument } from '../src/products/product-writes.ts';
import { TASKS } from '../src/tasks/index.ts';
import { asSellerJpeg, fidelityFigures } from '../test/images/support/fidelity.ts';
import { fitScales, measureLines, verdict } from '../test/images/support/ink.ts';
import { rawRgb } from '../test/images/support/measure.ts';
import {
  detailScene,
  fidelityScenes,
  flatScene,
  hasHan,
  sceneTranslator,
  texturedScene,
} from '../test/images/support/scenes.ts';
import { signUp } from '../test/support/test-app.ts';
import { requireWork, sized } from './support/measured.ts';

const GB = 1024 ** 3;
const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

let peak = 0;
const sample = () => {
  peak = Math.max(peak, process.memoryUsage.rss());
};
const sampler = setInterval(sample, 50);
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
const ratio = (value: number, target: number) =>
  `target ≤ ${target}, ratio ${(value / target).toFixed(2)}, ${value <= target ? 'met' : 'MISSED'}`;

async function admin(text: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

console.log(`machine: ${availableParallelism()} cores, load average ${load()}`);

// 1. Ink heights per line.
const demo = readdirSync(DEMO_IMAGE_DIR)
  .filter((f) => f.endsWith('.jpg'))
  .sort()
  .map((f) => ({ name: f, png: readFileSync(path.join(DEMO_IMAGE_DIR, f)) }));
const scenes = [flatScene(), texturedScene(), detailScene()].map((s) => ({
  name: `generated ${s.name}`,
  png: s.png,
}));
const engine = createImageEngine({ pool: { size: 2 } });
await engine.warmup();
let lines = 0;
let within = 0;
let forced = 0;
const violations: string[] = [];
let kept = 0;
let translated = 0;
let totalMs = 0;
console.log(
  '\n1. source → rendered ink height per line (px, ratio); a line outside 85–115% shows the largest\n' +
    '   scale at which it fits (computed from its text width at the source size and the free area around\n' +
    '   its box, not from the renderer) and its verdict: forced smaller (cannot fit at 85%) or VIOLATION',
);
// A smoke run (npm run bench -- --smoke) translates one demo image and one generated scene.
const inkImages = sized([...demo, ...scenes], [...demo.slice(0, 1), ...scenes.slice(0, 1)]);
for (const img of inkImages) {
  const t = performance.now();
  const r = await engine.translateImage(img.png);
  const ms = performance.now() - t;
  totalMs += ms;
  const [src, rm, tr] = await Promise.all([rawRgb(img.png), rawRgb(r.removed), rawRgb(r.translated)]);
  const ink = measureLines(src, rm, tr, r.items, r.layouts);
  const fits = fitScales(rm, r.items, r.layouts, ink);
  translated += r.items.filter((i) => i.translate).length;
  kept += ink.filter((l) => l.renderedInk > 0 && l.drawnText === l.target.replace(/\s+/g, '')).length;
  const text = ink.map((l, k) => {
    lines++;
    const v = verdict(l.ratio, fits[k]!);
    if (v === 'within') within++;
    if (v === 'forced') forced++;
    const note =
      v === 'within'
        ? ''
        : ` fits at ${fits[k]!.toFixed(2)}: ${v === 'forced' ? 'forced smaller' : 'VIOLATION'}`;
    if (v === 'violation') violations.push(`${img.name}: ${l.target}`);
    return `   ${l.sourceInk}→${l.renderedInk} (${l.ratio.toFixed(2)}${note}) ${l.lines > 1 ? `[${l.lines} lines] ` : ''}${l.target}`;
  });
  console.log(`  ${img.name}: ${(ms / 1000).toFixed(2)} s, ${ink.length} lines`);
  for (const t of text) console.log(t);
}
const pct = (n: number, of: number) => `${n}/${of} (${((n / Math.max(1, of)) * 100).toFixed(0)}%)`;
requireWork(lines > 0 && translated > 0, `ink heights: ${lines} lines measured, ${translated} translated`);
console.log(`  lines at 85–115% of the source ink: ${pct(within, lines)}`);
console.log(`  lines forced smaller (cannot fit at 85%): ${pct(forced, lines)}`);
console.log(
  `  violations: ${violations.length} (should be 0)${violations.map((v) => `\n    ${v}`).join('')}`,
);
console.log(`  translated lines kept (drawn, every character): ${pct(kept, translated)} (should be 100%)`);
console.log(
  `  ${(totalMs / 1000 / inkImages.length).toFixed(2)} s per image (${inkImages.length} images, load average ${load()})`,
);

// 1b. Fidelity (issue 25), measured on the pictures, not from the engine's estimates.
console.log(
  '\n1b. fidelity per line, on generated pictures with known text colours (the issue-25 fixtures as\n' +
    '    4:2:0 JPEGs, and the generated scenes above): colour ΔE (CIEDE2000, drawn Korean stroke cores\n' +
    '    vs the colour the source line was drawn in; target ≤ 10), halo ΔE (cleaned area vs the\n' +
    '    background around it, where that background is a known flat region; target ≤ 3), ink-height\n' +
    '    ratio (target 0.85–1.15 where the free space holds the line, else no smaller than it fits)',
);
const fidelityRuns = [
  ...(await Promise.all(
    fidelityScenes().map(async (s) => ({
      name: `${s.name} (JPEG 4:2:0)`,
      lines: s.lines,
      image: await asSellerJpeg(s.png),
      translate: sceneTranslator(s.lines),
    })),
  )),
  ...[flatScene(), texturedScene(), detailScene()].map((s) => ({
    name: `generated ${s.name}`,
    lines: s.lines.filter((l) => hasHan(l.text)),
    image: s.png,
    translate: undefined,
  })),
];
const fid = { lines: 0, dropped: 0, colourOver: 0, haloOver: 0, inkOff: 0, maxColour: 0, maxHalo: 0 };
for (const run of sized(fidelityRuns, fidelityRuns.slice(0, 1))) {
  const r = await engine.translateImage(run.image, run.translate ? { translate: run.translate } : {});
  const [src, rm, tr] = await Promise.all([rawRgb(run.image), rawRgb(r.removed), rawRgb(r.translated)]);
  const figures = fidelityFigures(run.lines, r, { src, rm, tr });
  console.log(`  ${run.name}: ${figures.length} lines`);
  for (const f of figures) {
    fid.lines++;
    if (f.target === undefined) {
      fid.dropped++;
      console.log(`   ${f.text}: DROPPED (no drawn line over it)`);
      continue;
    }
    const colour = f.colourDeltaE ?? Number.POSITIVE_INFINITY;
    fid.maxColour = Math.max(fid.maxColour, colour);
    if (colour > 10) fid.colourOver++;
    let haloText = 'halo –';
    if (f.haloDeltaE !== undefined) {
      fid.maxHalo = Math.max(fid.maxHalo, f.haloDeltaE);
      if (f.haloDeltaE > 3) fid.haloOver++;
      haloText = `halo ΔE ${f.haloDeltaE.toFixed(1)} (${(f.haloDeltaE / 3).toFixed(2)} of 3)`;
    }
    const ratioOk = verdict(f.inkRatio ?? 0, f.fit ?? 1) !== 'violation';
    if (!ratioOk) fid.inkOff++;
    console.log(
      `   colour ΔE ${colour.toFixed(1)} (${(colour / 10).toFixed(2)} of 10), ${haloText}, ink ${f.inkRatio?.toFixed(2)}` +
        `${ratioOk ? '' : ` VIOLATION (fits at ${f.fit?.toFixed(2)})`} ${f.text} → ${f.target}`,
    );
  }
}
const met = (n: number) => (n === 0 ? 'met' : 'MISSED');
console.log(
  `  colour: worst ΔE ${fid.maxColour.toFixed(1)} (target ≤ 10, ratio ${(fid.maxColour / 10).toFixed(2)}), ` +
    `${fid.colourOver} lines over: ${met(fid.colourOver)}`,
);
console.log(
  `  halo: worst ΔE ${fid.maxHalo.toFixed(1)} (target ≤ 3, ratio ${(fid.maxHalo / 3).toFixed(2)}), ` +
    `${fid.haloOver} lines over: ${met(fid.haloOver)}`,
);
console.log(`  ink height: ${fid.inkOff} violations of ${fid.lines} lines: ${met(fid.inkOff)}`);
console.log(`  dropped lines: ${fid.dropped}: ${met(fid.dropped)} (load average ${load()})`);
await engine.close();
if (fid.lines === 0) {
  console.error('fidelity: no line was measured');
  process.exit(1);
}

// 2. 20 detail images merged into one 800 px page (4 in a smoke run).
const MERGED = sized(20, 4);
const detailPngs = await Promise.all(
  Array.from({ length: MERGED }, (_, i) => {
    const source =
      i % 2 ? detailScene().png : (demo.find((d) => d.name.includes('detail'))?.png ?? flatScene().png);
    return sharp(source).resize({ width: 800 }).jpeg({ quality: 90 }).toBuffer();
  }),
);
let bestMerge = Number.POSITIVE_INFINITY;
let merged = { width: 0, height: 0, bytes: 0 };
for (let i = 0; i < sized(3, 1); i++) {
  const t = performance.now();
  const m = await mergeDetailImages(detailPngs);
  bestMerge = Math.min(bestMerge, (performance.now() - t) / 1000);
  merged = { width: m.width, height: m.height, bytes: m.data.length };
  requireWork(m.width === 800 && m.data.length > 0, `merge: ${m.width}×${m.height}, ${m.data.length} bytes`);
}
console.log(
  `\n2. ${MERGED} detail images merged: ${bestMerge.toFixed(2)} s (${ratio(bestMerge, 1)}) → ${merged.width}×${merged.height}, ${(merged.bytes / 1024 / 1024).toFixed(1)} MB`,
);

// 3. One product: 1 main, 5 additional, 12 detail images through the three image tasks (1, 1, 2 in a smoke run).
const ADDITIONAL = sized(5, 1);
const DETAILS = sized(12, 2);
const dbName = `bench_img_${randomBytes(4).toString('hex')}`;
await admin(`create database ${dbName}`);
const u = new URL(serverUrl);
u.pathname = `/${dbName}`;
const db = createDb(u.toString(), { max: 5 });
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-images-'));
try {
  await migrateToLatest(db);
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-secret-0123456789abcdef',
    DEMO: 'false',
  });
  const container = createContainer(config, db, { log: false });
  const app = await buildApp(container, { logger: false });
  const email = `bench-${Date.now()}@example.com`;
  await signUp(app, { email });
  const { company_id: companyId } = await db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const put = async (name: string, data: Buffer) => (await container.storage.put(companyId, name, data)).url;
  const mains = demo.filter((d) => d.name.includes('main'));
  const details = demo.filter((d) => d.name.includes('detail'));
  const main = await put('main.jpg', mains[0]!.png);
  const additional = await Promise.all(
    mains.slice(1, 1 + ADDITIONAL).map((d, i) => put(`add-${i}.jpg`, d.png)),
  );
  const detail = await Promise.all(
    Array.from({ length: DETAILS }, (_, i) =>
      put(`detail-${i}.jpg`, i % 3 === 2 ? detailScene().png : details[i % details.length]!.png),
    ),
  );
  const row = await insertDocument(createProductRepository(db), companyId, 'BENCH-000001', {
    options: [{ optionNumber: 'BENCH-000001001', option1: { name: '红色', image: main } }],
    mainImages: additional,
    detailImages: detail,
  });
  const ctx = {
    deps: container.taskDeps,
    companyId,
    productId: row.id,
    runId: null,
    signal: new AbortController().signal,
    pauseScale: 0,
    emit: async () => {},
  };
  await container.images().warmup();
  console.log(
    `\n3. one product, 1 main + ${additional.length} additional + ${detail.length} detail images (image tasks, stored)`,
  );
  const t0 = performance.now();
  for (const task of ['mainImage', 'additionalImage', 'detailImage'] as const) {
    const t = performance.now();
    const outcome = await TASKS[task]!.run(ctx);
    requireWork(outcome.status !== 'error', `${task}: ended in error ${JSON.stringify(outcome.message)}`);
    console.log(`  ${task}: ${outcome.status} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const total = (performance.now() - t0) / 1000;
  console.log(
    `  all three: ${total.toFixed(1)} s (${(total / (1 + additional.length + detail.length)).toFixed(2)} s per image)`,
  );
  await app.close();
  await container.close();
} finally {
  await db.destroy();
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
}

sample();
clearInterval(sampler);
console.log(
  `\n4. peak RSS (this process and its two engine workers): ${(peak / 1024 / 1024).toFixed(0)} MB (${ratio(
    Number((peak / GB).toFixed(2)),
    1,
  )} GB); load average now ${load()}`,
);
