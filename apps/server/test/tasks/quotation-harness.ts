import type { WorkflowEvent } from '@rr/contracts';
import { type AiGateway, createAiGateway } from '../../src/ai/gateway.ts';
import { createMemorySlotStore } from '../../src/ai/limiter/memory-slot-store.ts';
import { taskAiOf } from '../../src/ai/providers/demo-offline-provider.ts';
import { createCategoryCaches } from '../../src/categories/category-caches.ts';
import { shippedCategorySchema } from '../../src/categories/category-schemas.ts';
import { registrationFields } from '../../src/products/product-service.ts';
import { type ProductAnswer, toProduct } from '../../src/products/product-store.ts';
import { type QuotationMode, runQuotation } from '../../src/tasks/quotation/index.ts';
import { writeTaskStatus } from '../../src/workflow/runner.ts';
import type { TaskOutcome } from '../../src/workflow/task.ts';
import { type FakeServer, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { drive, ManualClock } from '../ai/support/manual-clock.ts';
import {
  createFakeDeps,
  createFakeProducts,
  createFakeSettings,
  createMemoryRequestLog,
  type FakeDeps,
  type FakeProducts,
  type FakeSettings,
} from '../support/fake-task-deps.ts';

// The quotation task on fakes of TaskDeps (products in memory, no PostgreSQL), its AI through the
// real gateway talking Gemini to a local fake server, on simulated time (the spec's waits and the
// 12/min limit run in microseconds). The request log and send slots are in memory.

export type Harness = {
  gateway: AiGateway;
  clock: ManualClock;
  fake: FakeServer;
  close(): Promise<void>;
};

export async function createHarness(): Promise<Harness> {
  const clock = new ManualClock(Date.UTC(2025, 5, 1));
  const fake = await startFakeAiServer('gemini', () => clock.now());
  const gateway = createAiGateway({
    clock,
    geminiBaseUrl: fake.url,
    slotStore: createMemorySlotStore(),
    requestLog: createMemoryRequestLog(),
  });
  return {
    gateway,
    clock,
    fake,
    async close() {
      await gateway.flush();
      await fake.close();
    },
  };
}

/** A seller: its company, its settings, its products in memory, and what its tasks get. */
export type Seller = { companyId: string; deps: FakeDeps; products: FakeProducts };

let companies = 0;

/** A company with these settings whose tasks ask the harness's gateway on its clock. */
export function seller(h: Harness, settings: FakeSettings): Seller {
  const products = createFakeProducts({ settings: createFakeSettings(settings) });
  const fakes = createFakeDeps({ settings, products });
  const deps: FakeDeps = {
    ...fakes,
    ai: taskAiOf(h.gateway, { takeUntranslated: () => [] }),
    clock: h.clock,
  };
  return { companyId: `company-${++companies}`, deps, products };
}

/** A company that uses Gemini (key stored) with a brand and manufacturer in its default settings. */
export function geminiSeller(h: Harness): Seller {
  return seller(h, {
    ai: { provider: 'gemini', apiKey: 'fake-key-for-tests' },
    defaults: { brand: '노브랜드', manufacturer: '광저우 협력사' },
  });
}

const categories = createCategoryCaches();

/** regproduct on a product in memory: the shipped category schema, numbered options, the documents' skeleton. */
export async function addToRegistration(s: Seller, productId: string, code: number): Promise<void> {
  const row = await s.products.find(s.companyId, productId);
  if (!row) throw new Error(`no product ${productId}`);
  const planned = registrationFields(
    row,
    shippedCategorySchema(categories.tree(), code),
    await s.deps.settings.defaults(s.companyId),
    false,
  );
  const scope = { companyId: s.companyId, productId };
  await s.products.write(scope, { set: planned.fields });
  await s.products.setTaskStatus(scope, 'sizeChart', planned.sizeChartStatus);
}

/** The product as the seller's getlist answers it (the stored document, its id and completeness). */
export async function product<T = ProductAnswer>(s: Seller, id: string): Promise<T> {
  const row = await s.products.find(s.companyId, id);
  if (!row) throw new Error(`no product ${id}`);
  return toProduct(row) as T;
}

export type ProductSpec = {
  productName: string;
  axes: [string, string];
  first: string[];
  second: string[];
  category: number;
};

/** A 1688-like product (Chinese option values and attributes), as the seller saves it. */
export function productInput(spec: ProductSpec): Record<string, unknown> & { options: unknown[] } {
  const options = spec.first.flatMap((a) =>
    spec.second.map((b) => ({
      sourceKey: `${a}>${b}`,
      option1: { name: a, nameTrans: '', axis: spec.axes[0] },
      option2: { name: b, nameTrans: '', axis: spec.axes[1] },
      korName: '',
      price: 18.5,
    })),
  );
  return {
    productName: spec.productName,
    subject: spec.productName,
    attributes: [
      { attributeName: '材质', value: '棉' },
      { attributeName: '领型', value: '圆领' },
      { attributeName: '型号', value: 'X-200' },
    ],
    options,
  };
}

/** The fields other tasks fill (prices, images, label, size chart, the SEO name), as the seller sets them. */
export function otherTasksFields(optionCount: number): Record<string, unknown> {
  const fields: Record<string, unknown> = { 'seo.productName': '여름 반팔 티셔츠' };
  for (let i = 0; i < optionCount; i++) {
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
  }
  return fields;
}

/**
 * The product of `productInput` added to registration, with `otherTasksFields` set by the seller,
 * so the quotation decides the rest.
 */
export async function registeredProduct(s: Seller, spec: ProductSpec): Promise<string> {
  const doc = productInput(spec);
  const registrationId = await s.products.nextRegistrationId(s.companyId);
  const [row] = await s.products.create(s.companyId, [{ registrationId, doc }]);
  const id = row!.id;
  await addToRegistration(s, id, spec.category);
  s.products.editAsSeller(id, otherTasksFields(doc.options.length));
  return id;
}

export type RunResult = { outcome: TaskOutcome; events: WorkflowEvent[]; startedAt: number; endedAt: number };

/** Runs the quotation task on simulated time (waits scaled by pauseScale, 1 = the spec's). */
export async function runTask(
  h: Harness,
  s: Seller,
  productId: string,
  options: { pauseScale?: number; mode?: QuotationMode } = {},
): Promise<RunResult> {
  const events: WorkflowEvent[] = [];
  const startedAt = h.clock.now();
  const run = runQuotation(
    {
      deps: s.deps,
      companyId: s.companyId,
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
  const outcome = await run;
  // The task returns its outcome; its status field is the runner's to write (as a run would).
  await writeTaskStatus(s.products, { companyId: s.companyId, productId }, 'quotation', outcome.status);
  return { outcome, events, startedAt, endedAt: h.clock.now() };
}
