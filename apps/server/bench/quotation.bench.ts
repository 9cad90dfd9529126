/**
 * Quotation benchmark (issue 13): `npm run bench quotation`
 *  For a 10-option and a 30-option product, the quotation task against a scripted model behind the
 *  real Gemini protocol (test/tasks/quotation-fake-ai.ts), at the spec's 12 requests per minute:
 *  1. AI calls per product, by kind; target: exactly 1 translation + 1 analysis + 1 common (exposed
 *     attributes and search filters together) + ⌈options/10⌉ batches, so a quotation of 30 options
 *     takes ≤ 6 calls (issue 25).
 *  2. wall time per product at the 12/min limit (W §9: 12 per 60 s window, 1 s apart, a full
 *     window's end + 2 s), on the gateway's simulated clock (the limiter and the spec's waits run in
 *     simulated time, so the figure is what a seller waits):
 *     - one product with a fresh window: target ≤ (calls − 1) × 1 s spacing + 10 %;
 *     - sustained, 6 products of 10 options one after another on the same key: per product
 *       target ≤ calls × 62 s / 12 + 10 % (the window, not the task, sets the pace).
 *  3. the full workflow for one product of 10 options (every task in the spec's order, the real
 *     tasks and image engine, the offline provider): AI calls per task, from the request log.
 *  Also prints the real (CPU) time the runs took on this machine. A figure is printed only for a run
 *  that completed with every option quoted and the calls counted; else NOT MEASURED and exit 1.
 * Needs PostgreSQL: BENCH_DATABASE_URL, TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TASK_ORDER } from '@rr/domain';
import pg from 'pg';
import { loadConfig } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { createDb, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { DEMO_IMAGE_DIR } from '../src/demo/generate-demo-images.ts';
import { buildApp } from '../src/http/app.ts';
import { TASKS } from '../src/tasks/index.ts';
import { type Client, signUp } from '../test/products/helpers.ts';
import { scriptQuotationAi } from '../test/tasks/quotation-fake-ai.ts';
import {
  createHarness,
  geminiSeller,
  otherTasksFields,
  type ProductSpec,
  product,
  productInput,
  registeredProduct,
  runTask,
  type Seller,
} from '../test/tasks/quotation-harness.ts';
import { requireWork, runBench, sized } from './support/measured.ts';

const serverUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const RATE_PER_MINUTE = 12;

async function admin(text: string) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Options that a buyer can tell apart (colour × size), so no split adds detection calls. */
const PRODUCTS = [
  { options: 10, first: ['白色', '黑色'], second: ['S', 'M', 'L', 'XL', 'XXL'] },
  {
    options: 30,
    first: ['白色', '黑色', '灰色', '绿色', '红色'],
    second: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
  },
];

/**
 * 3. One product of 10 options through every task in the spec's order (the real tasks, image engine
 * and storage; the offline provider, which answers from the request: the same calls a model gets),
 * with its images stored: AI calls per task, counted in the request log (ai_requests).
 */
async function fullWorkflowCalls(db: Db) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rr-bench-q-')),
    APP_SECRET: 'bench-secret-0123456789abcdef',
    DEMO: 'false',
  });
  const container = createContainer(config, db, { log: false });
  const app = await buildApp(container, { logger: false, closeContainer: false });
  try {
    const c = await signUp(app, db); // a new company: the offline provider
    const id = await registeredOnApp(c, {
      productName: '纯棉短袖T恤女夏季',
      axes: ['颜色', '尺码'],
      first: PRODUCTS[0]!.first,
      second: PRODUCTS[0]!.second,
      category: 79382,
    });
    const demo = readdirSync(DEMO_IMAGE_DIR)
      .filter((f) => f.endsWith('.jpg'))
      .sort();
    const put = async (name: string) =>
      (await container.storage.put(c.companyId, name, readFileSync(path.join(DEMO_IMAGE_DIR, name)))).url;
    const mains = await Promise.all(
      demo
        .filter((f) => f.includes('main'))
        .slice(0, 3)
        .map(put),
    );
    const details = await Promise.all(
      demo
        .filter((f) => f.includes('detail'))
        .slice(0, 2)
        .map(put),
    );
    requireWork(mains.length > 1 && details.length > 0, `demo images missing in ${DEMO_IMAGE_DIR}`);
    const fields: Record<string, unknown> = { mainImages: mains, detailImages: details };
    // One image per colour (the first two colours have their own, the others show the main image).
    for (let i = 0; i < 10; i++) if (i < 5) fields[`options.${i}.option1.image`] = mains[i % 2];
    const up = await c.post('/api/aiRocketReg/updatePartial', { productId: id, updateFields: fields });
    requireWork(up.status === 200, `image fields not written: ${JSON.stringify(up.body)}`);

    const calls = async () => {
      await container.ai.gateway.flush();
      const r = await db
        .selectFrom('ai_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('product_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    const ctx = {
      deps: container.taskDeps,
      companyId: c.companyId,
      productId: id,
      runId: null,
      signal: new AbortController().signal,
      pauseScale: 0,
      emit: async () => {},
    };
    const rows: { task: string; status: string; calls: number; ms: number }[] = [];
    // The tasks that work on the product's content; `register` (issue 23) sends the finished product to
    // Coupang, makes no AI call and needs the company's Coupang keys, which this bench has none of.
    const contentTasks = TASK_ORDER.filter((t) => t !== 'register');
    for (const task of contentTasks) {
      const before = await calls();
      const t = performance.now();
      const outcome = await TASKS[task]!.run(ctx);
      rows.push({ task, status: outcome.status, calls: (await calls()) - before, ms: performance.now() - t });
    }
    const failed = rows.filter((r) => r.status === 'error');
    requireWork(failed.length === 0, `full workflow: ${failed.map((r) => r.task).join(', ')} ended in error`);
    const total = rows.reduce((n, r) => n + r.calls, 0);
    requireWork(total > 0, 'full workflow: no AI call was logged');
    console.log(
      '\nfull workflow, one product of 10 options (offline provider, images stored), AI calls per task:',
    );
    console.log(`  (${TASK_ORDER.length - contentTasks.length} task not run: register, no AI calls)`);
    for (const r of rows)
      console.log(
        `  ${r.task.padEnd(16)} ${String(r.calls).padStart(3)} calls  ${r.status.padEnd(20)} ${(r.ms / 1000).toFixed(1)} s`,
      );
    console.log(`  total            ${String(total).padStart(3)} calls`);
  } finally {
    await app.close();
    await container.close();
  }
}

/** The quotation test's product saved, added to registration and completed by the seller through the app. */
async function registeredOnApp(c: Client, spec: ProductSpec): Promise<string> {
  const item = productInput(spec);
  const saved = await c.post('/api/rocketReg/saveItems', [item]);
  requireWork(saved.status === 200, `product not saved: ${JSON.stringify(saved.body)}`);
  const id = saved.body.savedItems[0]._id as string;
  const reg = await c.post('/api/rocketReg/regproduct', {
    productId: id,
    displayCategoryCode: spec.category,
  });
  requireWork(reg.status === 200, `not added to registration: ${JSON.stringify(reg.body)}`);
  const up = await c.post('/api/aiRocketReg/updatePartial', {
    productId: id,
    updateFields: otherTasksFields(item.options.length),
  });
  requireWork(up.status === 200, `fields not written: ${JSON.stringify(up.body)}`);
  return id;
}

/** Each option's quotationStatus as stored (what the seller sees). */
async function optionStatuses(s: Seller, id: string): Promise<string[]> {
  const p = await product<{ options?: { quotationStatus?: string }[] }>(s, id);
  return (p.options ?? []).map((o) => String(o.quotationStatus ?? ''));
}

async function main() {
  const name = `bench_q_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const db = createDb(u.toString(), { max: 10 });
  let missed = false;
  try {
    await migrateToLatest(db);
    const h = await createHarness();
    try {
      console.log(`limit ${RATE_PER_MINUTE}/min; waits of the spec at full scale (simulated clock)`);
      console.log(
        'options | calls (translate/analyze/common/batch/other) | expected | wall time | ≤ target | real ms',
      );
      for (const spec of PRODUCTS) {
        const c = geminiSeller(h);
        const id = await registeredProduct(c, {
          productName: '纯棉短袖T恤女夏季',
          axes: ['颜色', '尺码'],
          first: spec.first,
          second: spec.second,
          category: 79382,
        });
        h.clock.advanceBy(120_000); // a fresh limiter window
        const ai = scriptQuotationAi(h.fake);
        const real = performance.now();
        const r = await runTask(h, c, id, { pauseScale: 1 });
        const realMs = performance.now() - real;
        const n = (k: string) => ai.counts.get(k as never) ?? 0;
        const common = n('commonUnexposed') + n('commonOther');
        const total = [...ai.counts.values()].reduce((a, b) => a + b, 0);
        const options = await optionStatuses(c, id);
        requireWork(
          r.outcome.result === 'completed' &&
            options.length === spec.options &&
            options.every((s) => s === 'completed'),
          `${spec.options} options: quotation ended ${JSON.stringify(r.outcome)}, ${options.filter((s) => s === 'completed').length}/${spec.options} options quoted`,
        );
        requireWork(total > 0, `${spec.options} options: the fake model received no call`);
        const expected = 1 + 1 + 1 + Math.ceil(spec.options / 10);
        const wallMs = r.endedAt - r.startedAt;
        const targetMs = (expected - 1) * 1000;
        const callsOk = total === expected && (spec.options !== 30 || total <= 6);
        const ok = callsOk && wallMs <= targetMs * 1.1;
        if (!ok) missed = true;
        console.log(
          [
            String(spec.options).padStart(7),
            `${String(total).padStart(5)} (${n('translate')}/${n('analyze')}/${common}/${n('batch')}/${total - n('translate') - n('analyze') - common - n('batch')})`.padEnd(
              46,
            ),
            `${expected}${spec.options === 30 ? ' (≤ 6)' : ''}`.padStart(8),
            `${(wallMs / 1000).toFixed(1)} s`.padStart(9),
            `${(targetMs / 1000).toFixed(1)} s ${ok ? 'met' : 'MISSED'}`.padStart(10),
            realMs.toFixed(0).padStart(7),
          ].join(' | '),
        );
        console.log(
          `  per option: ${(total / spec.options).toFixed(2)} calls, ${(wallMs / 1000 / spec.options).toFixed(2)} s`,
        );
      }

      // Sustained: products back to back on the same key, the 12/min window sets the pace.
      const SUSTAINED = sized(6, 2);
      const c = geminiSeller(h);
      const ids: string[] = [];
      for (let i = 0; i < SUSTAINED; i++) {
        ids.push(
          await registeredProduct(c, {
            productName: '纯棉短袖T恤女夏季',
            axes: ['颜色', '尺码'],
            first: PRODUCTS[0]!.first,
            second: PRODUCTS[0]!.second,
            category: 79382,
          }),
        );
      }
      h.clock.advanceBy(120_000);
      const ai = scriptQuotationAi(h.fake);
      const start = h.clock.now();
      const real = performance.now();
      let completed = 0;
      for (const id of ids) {
        const r = await runTask(h, c, id, { pauseScale: 1 });
        if (r.outcome.result === 'completed') completed++;
      }
      const realMs = performance.now() - real;
      const total = [...ai.counts.values()].reduce((a, b) => a + b, 0);
      const perProductMs = (h.clock.now() - start) / SUSTAINED;
      const perProductCalls = total / SUSTAINED;
      const target = ((perProductCalls * 62_000) / RATE_PER_MINUTE) * 1.1;
      requireWork(completed === SUSTAINED, `sustained: ${completed}/${SUSTAINED} products completed`);
      requireWork(total > 0, 'sustained: the fake model received no call');
      const ok = perProductCalls === 4 && perProductMs <= target;
      if (!ok) missed = true;
      console.log(
        `sustained: ${SUSTAINED} products × 10 options back to back: ${perProductCalls} calls and ` +
          `${(perProductMs / 1000).toFixed(1)} s per product (target ≤ ${(target / 1000).toFixed(1)} s) ` +
          `${ok ? 'met' : 'MISSED'}; ${completed}/${SUSTAINED} completed; real ${realMs.toFixed(0)} ms`,
      );
    } finally {
      await h.close();
    }
    await fullWorkflowCalls(db);
  } finally {
    await db.destroy();
    await admin(`drop database ${name} with (force)`).catch(() => {});
  }
  if (missed) console.log('a target was MISSED (figures above)');
}

await runBench(main);
