import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkflowEvent } from '@rr/contracts';
import type { FastifyInstance } from 'fastify';
import { createAiGateway } from '../../src/ai/gateway.ts';
import { loadConfig } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import type { Db } from '../../src/db/database.ts';
import { buildApp } from '../../src/http/app.ts';
import { saveSettings } from '../../src/settings/settings-service.ts';
import { type QuotationMode, runQuotation } from '../../src/tasks/quotation/index.ts';
import type { TaskOutcome } from '../../src/workflow/task.ts';
import { type FakeServer, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { drive, ManualClock } from '../ai/support/manual-clock.ts';
import { type Client, signUp } from '../products/helpers.ts';

export const APP_SECRET = 'test-secret-0123456789abcdef';

export type Harness = {
  app: FastifyInstance;
  container: Container;
  clock: ManualClock;
  fake: FakeServer;
  close(): Promise<void>;
};

/** The real app and a container whose AI gateway talks Gemini to a local fake, on simulated time. */
export async function createHarness(db: Db): Promise<Harness> {
  const clock = new ManualClock(Date.UTC(2025, 5, 1));
  const fake = await startFakeAiServer('gemini', () => clock.now());
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-quotation-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_SECRET, DEMO: 'false', GEMINI_BASE_URL: fake.url });
  const base = createContainer(config, db, { log: false });
  const gateway = createAiGateway({ db, clock, geminiBaseUrl: fake.url });
  const container: Container = { ...base, ai: { ...base.ai, gateway } };
  const app = await buildApp(container, { logger: false });
  return {
    app,
    container,
    clock,
    fake,
    async close() {
      await gateway.flush();
      await app.close();
      await fake.close();
    },
  };
}

/** A company that uses Gemini (key stored) with a brand and manufacturer in its default settings. */
export async function geminiSeller(h: Harness, db: Db): Promise<Client> {
  const c = await signUp(h.app, db);
  await saveSettings(db, c.companyId, APP_SECRET, {
    aiProvider: 'gemini',
    geminiAPIKey: 'fake-key-for-tests',
    defaultSettings: { brand: '노브랜드', manufacturer: '광저우 협력사' },
  });
  return c;
}

export type ProductSpec = {
  productName: string;
  axes: [string, string];
  first: string[];
  second: string[];
  category: number;
};

/**
 * A 1688-like product (Chinese option values and attributes) added to registration, with the fields
 * other tasks fill (prices, images, label, size chart) set, so the quotation decides the rest.
 */
export async function registeredProduct(c: Client, spec: ProductSpec) {
  const options = spec.first.flatMap((a) =>
    spec.second.map((b) => ({
      sourceKey: `${a}>${b}`,
      option1: { name: a, nameTrans: '', axis: spec.axes[0] },
      option2: { name: b, nameTrans: '', axis: spec.axes[1] },
      korName: '',
      price: 18.5,
    })),
  );
  const saved = await c.post('/api/rocketReg/saveItems', [
    {
      productName: spec.productName,
      subject: spec.productName,
      attributes: [
        { attributeName: '材质', value: '棉' },
        { attributeName: '领型', value: '圆领' },
        { attributeName: '型号', value: 'X-200' },
      ],
      options,
    },
  ]);
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  const id = saved.body.savedItems[0]._id as string;
  const reg = await c.post('/api/rocketReg/regproduct', {
    productId: id,
    displayCategoryCode: spec.category,
  });
  if (reg.status !== 200) throw new Error(JSON.stringify(reg.body));
  const fields: Record<string, unknown> = { 'seo.productName': '여름 반팔 티셔츠' };
  options.forEach((_, i) => {
    const d = `coupangDoc.jsonDocument.${i}`;
    fields[`${d}.productPage.commonAttributes.purchasePrice`] = 5800;
    fields[`${d}.productPage.commonAttributes.coupangSalePrice`] = 9700;
    fields[`${d}.imagePage.images.mainImage`] = 'https://example.com/main.jpg';
    fields[`${d}.imagePage.images.labelImages`] = [
      { labelImageType: '라벨', labelImageFiles: 'https://example.com/l.jpg' },
    ];
    fields[`${d}.imagePage.images.sizeChartImage`] = 'https://example.com/size.jpg';
    fields[`${d}.imagePage.details.detailedImage`] = 'https://example.com/detail.jpg';
    fields[`${d}.imagePage.details.altText`] = '여름 반팔 티셔츠';
    fields[`${d}.startPage.productName`] = '여름 반팔 티셔츠';
  });
  const up = await c.post('/api/aiRocketReg/updatePartial', { productId: id, updateFields: fields });
  if (up.status !== 200) throw new Error(JSON.stringify(up.body));
  return id;
}

export type RunResult = { outcome: TaskOutcome; events: WorkflowEvent[]; startedAt: number; endedAt: number };

/** Runs the quotation task on simulated time (waits scaled by pauseScale, 1 = the spec's). */
export async function runTask(
  h: Harness,
  c: Client,
  productId: string,
  options: { pauseScale?: number; mode?: QuotationMode } = {},
): Promise<RunResult> {
  const events: WorkflowEvent[] = [];
  const startedAt = h.clock.now();
  const run = runQuotation(
    {
      deps: h.container.taskDeps,
      companyId: c.companyId,
      productId,
      runId: null,
      signal: new AbortController().signal,
      pauseScale: options.pauseScale ?? 1,
      emit: async (e) => {
        events.push(e);
      },
    },
    options.mode,
  );
  await drive(h.clock, [run]);
  return { outcome: await run, events, startedAt, endedAt: h.clock.now() };
}
