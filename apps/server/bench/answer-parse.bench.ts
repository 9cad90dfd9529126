/**
 * The web's cost of checking an answer (apps/web/src/app/http.ts parses every answer with its route's
 * response schema): a 2 MB getlist page, as summary rows (GetSummaryListResponse) and as whole
 * documents (GetFullListResponse), timed against the JSON.parse every client pays anyway. No database:
 * the pages are built here, documents heavier than the demo's (24 options, each with its registration
 * document), so the figure leans pessimistic. Printed, no target.
 *
 * Twice: as zod runs in Node (object parsers compiled with `new Function`), then without that compiled
 * path (`jitless`), as in the browser, where the app's Content-Security-Policy (no 'unsafe-eval')
 * leaves zod its interpreted parsers. zod decides when a schema is built, so the second run is a
 * child process that sets `jitless` before it imports the contracts.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { load, requireWork, runBench, sized } from './support/measured.ts';

const JITLESS = process.env.ANSWER_PARSE_JITLESS === '1';
if (JITLESS) z.config({ jitless: true });
const { GetFullListResponse, GetSummaryListResponse } = await import('@rr/contracts');

const PAGE_BYTES = 2_000_000;
const RUNS = sized(30, 3);

const summary = (i: number) => ({
  _id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  registrationId: `DEMO01-${String(i).padStart(6, '0')}`,
  thumbnail: `/files/company/products/${i}/main-0.jpg`,
  productName: '女士夏季连衣裙 2024新款 韩版宽松显瘦 中长款',
  korName: '여성 여름 원피스 2024 신상 한국 스타일 루즈핏',
  offerId: String(600_000_000_000 + i),
  optionCount: 24,
  categoryPath: '패션의류>여성의류>원피스',
  displayCategoryCode: 56137,
  statuses: { seoStatus: 'completed', pricingStatus: 'completed', mainImageStatus: 'pending' },
  completeness: 82,
  coupang: null,
  updatedAt: '2026-11-27T08:00:00.000Z',
});

const option = (p: number, o: number) => ({
  optionNumber: `DEMO01-${String(p).padStart(6, '0')}${String(o).padStart(3, '0')}`,
  sourceKey: `红色>XL${o}`,
  skuId: String(5_000_000 + o),
  specId: `spec${o}`,
  option1: { name: '红色', nameTrans: '레드', image: `https://cbu01.alicdn.com/img/${o}.jpg`, axis: '颜色' },
  option2: { name: `XL${o}`, nameTrans: `XL${o}`, axis: '尺码' },
  korName: `여성 원피스 레드 XL${o}`,
  fullProductName: `여성 여름 원피스 레드 XL${o}`,
  selected: true,
  price: 32.5,
  stock: 200,
  weightG: 350,
  sizeCm: { length: 30, width: 20, height: 5 },
  bundleQuantity: 1,
  purchasePrice: 6500,
  supplyPrice: 12000,
  sellingPrice: 19900,
  seoStatus: 'completed',
  pricingStatus: 'completed',
  quotationStatus: 'pending',
  detailImages: Array.from({ length: 4 }, (_, k) => `/files/c/p/${p}/detail-${o}-${k}.jpg`),
  coupangDoc: {
    productPage: {
      brand: '자체브랜드',
      manufacturer: '제조사',
      productName: `원피스 ${o}`,
      searchTags: ['원피스', '여름', '루즈핏', '여성'],
    },
    logisticsPage: { totalSKUsInBox: 1, weight: 350 },
    legalPage: { certifications: [] },
  },
});

const document = (i: number) => ({
  ...summary(i),
  productNameTrans: '여성 여름 원피스',
  mainImages: Array.from({ length: 5 }, (_, k) => `/files/c/p/${i}/main-${k}.jpg`),
  detailImages: Array.from({ length: 15 }, (_, k) => `/files/c/p/${i}/detail-${k}.jpg`),
  options: Array.from({ length: 24 }, (_, o) => option(i, o)),
  seoStatus: 'completed',
  pricingStatus: 'completed',
  source: {
    platform: '1688',
    offerId: String(i),
    importedAt: '2026-11-01T00:00:00Z',
    offer: { raw: 'x'.repeat(8000), skus: Array.from({ length: 24 }, (_, k) => ({ k, price: 1 })) },
  },
  fieldSources: Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`options.${k}.korName`, 'ai'])),
  createdAt: '2026-11-01T00:00:00Z',
});

/** A getlist answer of about PAGE_BYTES, as the server sends it (JSON text). */
function page(make: (i: number) => unknown): { text: string; count: number } {
  const products: unknown[] = [];
  let bytes = 0;
  while (bytes < PAGE_BYTES) {
    const p = make(products.length);
    bytes += JSON.stringify(p).length;
    products.push(p);
  }
  const text = JSON.stringify({ products, total: products.length, page: 1, pageSize: products.length });
  return { text, count: products.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

function measure(label: string, answer: { text: string; count: number }, schema: z.ZodType) {
  const jsonMs: number[] = [];
  const parseMs: number[] = [];
  let parsed = 0;
  for (let r = -5; r < RUNS; r++) {
    const t0 = performance.now();
    const data: unknown = JSON.parse(answer.text);
    const t1 = performance.now();
    const result = schema.safeParse(data);
    const t2 = performance.now();
    const products = result.success ? Reflect.get(Object(result.data), 'products') : undefined;
    requireWork(
      Array.isArray(products) && products.length === answer.count,
      `${label}: the schema did not give back the page's ${answer.count} products`,
    );
    if (r < 0) continue; // warm-up
    parsed++;
    jsonMs.push(t1 - t0);
    parseMs.push(t2 - t1);
  }
  requireWork(parsed === RUNS, `${label}: ${parsed} of ${RUNS} parses`);
  const json = median(jsonMs);
  const check = median(parseMs);
  console.log(
    `  ${label.padEnd(34)} ${(answer.text.length / 1e6).toFixed(2)} MB, ${String(answer.count).padStart(5)} products: schema parse p50 ${check.toFixed(1)} ms (JSON.parse p50 ${json.toFixed(1)} ms, ratio ${(check / json).toFixed(1)})  [load ${load()}]`,
  );
}

await runBench(async () => {
  const mode = JITLESS ? 'jitless, as in the browser' : 'compiled parsers, as in Node';
  console.log(`the web's answer check, a getlist page of ${PAGE_BYTES / 1e6} MB, ${RUNS} runs (${mode}):`);
  measure('summary rows (view: summary)', page(summary), GetSummaryListResponse);
  measure('whole documents (view: full)', page(document), GetFullListResponse);
  if (JITLESS) return;
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    stdio: 'inherit',
    env: { ...process.env, ANSWER_PARSE_JITLESS: '1' },
  });
  requireWork(child.status === 0, `the jitless run ended with ${child.status ?? child.signal}`);
});
