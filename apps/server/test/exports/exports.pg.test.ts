import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { convertCoupangCategoryMeta } from '@rr/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { fillDocument } from '../../../../packages/domain/test/fill-document.ts';
import shoes from '../../../../packages/domain/test/fixtures/coupang_category_meta_68010_shoes.json' with {
  type: 'json',
};
import puzzle from '../../../../packages/domain/test/fixtures/coupang_category_meta_77426_3d-puzzle-toy.json' with {
  type: 'json',
};
import docsExample from '../../../../packages/domain/test/fixtures/coupang_category_meta_78877_docs_example.json' with {
  type: 'json',
};
import draftFlow from '../../../../packages/domain/test/fixtures/supplierhub_draft_flow_autosourcing.json' with {
  type: 'json',
};
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { buildApp } from '../../src/http/app.ts';
import { createTestDb } from '../support/test-db.ts';

// Issue 15 end to end on a real PostgreSQL: category metadata in, pre-flight, the three exports and the
// sheet's import. Documents are filled directly (the quotation task is built elsewhere).

const { db } = await createTestDb();
const dataDir = mkdtempSync(path.join(tmpdir(), 'rr-exports-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  APP_SECRET: 'test-secret-0123456789abcdef',
  DEMO: 'false',
  PUBLIC_URL: 'https://shop.example.com',
});
const app = await buildApp(createContainer(config, db, { log: false }), { logger: false });
afterAll(() => app.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, as a client would.
type Body = any;
type Client = {
  cookie: string;
  post: (url: string, body?: unknown) => Promise<{ status: number; body: Body }>;
};
let n = 0;
async function signUp(): Promise<Client> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      companyName: `수출 상점 ${++n}`,
      name: '셀러',
      email: `export${n}-${Date.now()}@example.com`,
      password: 'password-1234!',
    },
  });
  const cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  return {
    cookie,
    post: async (url, body) => {
      const r = await app.inject({
        method: 'POST',
        url,
        headers: { cookie },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return { status: r.statusCode, body: r.body ? JSON.parse(r.body) : undefined };
    },
  };
}

const require = createRequire(import.meta.url);
const fontRoot = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
GlobalFonts.registerFromPath(path.join(fontRoot, '700Bold/NotoSansSC_700Bold.ttf'), 'ExportSC');

/** A product photo on white; with `text`, big Chinese promotion text across it. */
function photo(opts: { text?: string; width?: number; height?: number } = {}): string {
  const w = opts.width ?? 1000;
  const h = opts.height ?? 1000;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#2f6fb5';
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, Math.min(w, h) * 0.3, 0, Math.PI * 2);
  ctx.fill();
  if (opts.text) {
    ctx.fillStyle = '#e03131';
    ctx.font = '110px ExportSC';
    ctx.fillText(opts.text, w * 0.12, h * 0.2);
  }
  return `data:image/jpeg;base64,${c.toBuffer('image/jpeg', 92).toString('base64')}`;
}

async function upload(c: Client, imageData: string, name: string): Promise<string> {
  const r = await c.post('/api/rocket-registration/upload-image', {
    imageData,
    filename: name,
    type: 'main',
  });
  expect(r.status).toBe(200);
  return r.body.imageUrl;
}

/** A product with two options added to registration in `code`, its documents filled. */
async function productWith(
  c: Client,
  code: number,
  opts: { mainImage: string; name?: string; offerId?: string },
) {
  const saved = await c.post('/api/rocketReg/saveItems', [
    {
      productName: '立体拼图',
      productNameTrans: opts.name ?? '입체 퍼즐 세트',
      options: [
        { korName: '레드', option1: { name: '红色', nameTrans: '레드' } },
        { korName: '블루', option1: { name: '蓝色', nameTrans: '블루' } },
      ],
    },
  ]);
  const id = saved.body.savedItems[0]._id as string;
  const reg = await c.post('/api/rocketReg/regproduct', { productId: id, displayCategoryCode: code });
  expect(reg.status).toBe(200);
  const schema = reg.body.product.rocketRegInfo.schemaInfo;
  const detail = await upload(c, photo({ width: 800, height: 1600 }), 'detail.jpg');
  const fields: Record<string, unknown> = {};
  [0, 1].forEach((k) => {
    const doc = fillDocument(schema, k, {
      image: opts.mainImage,
      productName: opts.name ?? '입체 퍼즐 세트',
    });
    doc.imagePage!.details!.detailedImage = detail;
    doc.imagePage!.images!.labelImages = [
      { labelImageType: '제품 한글 표시사항 라벨 또는 도안 이미지', labelImageFiles: detail },
    ];
    doc.imagePage!.images!.sizeChartImage = detail;
    fields[`coupangDoc.jsonDocument.${k}`] = doc;
  });
  const r = await c.post('/api/aiRocketReg/updatePartial', { productId: id, updateFields: fields });
  expect(r.status).toBe(200);
  return id;
}

describe('POST /api/category/meta', () => {
  it('stores a metadata answer as the company schema, used by product registration', async () => {
    const a = await signUp();
    const r = await a.post('/api/category/meta', { displayCategoryCode: 77426, meta: puzzle });
    expect(r.status).toBe(200);
    expect(r.body.categoryPath).toBe('완구/취미>퍼즐/큐브/피젯토이>퍼즐>3D/입체퍼즐');
    expect(
      r.body.schema.attributes.filter(
        (x: { required: boolean; exposed: boolean }) => x.required && x.exposed,
      ),
    ).toHaveLength(3);
    const list = await a.post('/api/category/company-schemas');
    expect(list.body.items.map((i: { displayCategoryCode: number }) => i.displayCategoryCode)).toEqual([
      77426,
    ]);
    const schema = await a.post('/api/category/schema', { displayCategoryCode: 77426 });
    expect(schema.body).toMatchObject({ isCompany: true, isGeneric: false });
  });

  it('accepts an older answer without inputType for a code outside the tree when a path is given', async () => {
    const a = await signUp();
    const without = await a.post('/api/category/meta', { displayCategoryCode: 78877, meta: docsExample });
    expect(without.status).toBe(400);
    expect(without.body.message).toContain('카테고리 경로');
    const ok = await a.post('/api/category/meta', {
      displayCategoryCode: 78877,
      categoryPath: '자동차용품>실내용품>휴대폰거치대',
      meta: docsExample,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.schema.attributes.every((x: { inputType: string }) => x.inputType === 'INPUT')).toBe(true);
    // Another company does not get it.
    const b = await signUp();
    expect((await b.post('/api/category/schema', { displayCategoryCode: 78877 })).status).toBe(404);
  });

  it.each([
    [{ hello: 'world' }, 'category_meta_invalid'],
    [{ code: 'ERROR', message: '카테고리 없음', data: null }, 'category_meta_error_answer'],
    [{ data: { attributes: [], noticeCategories: [] } }, 'category_meta_invalid'],
  ])('refuses %o and stores nothing', async (meta, code) => {
    const a = await signUp();
    const r = await a.post('/api/category/meta', { displayCategoryCode: 68010, meta });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(code);
    expect((await a.post('/api/category/company-schemas')).body.items).toEqual([]);
  });

  it.each([
    [68010, shoes],
    [77426, puzzle],
    [78877, docsExample],
  ])(
    'a document built from the %i schema passes the JSON Schema and the completeness check',
    async (code, meta) => {
      const a = await signUp();
      await a.post('/api/category/meta', {
        displayCategoryCode: code,
        categoryPath: '테스트>카테고리',
        meta,
      });
      const main = await upload(a, photo(), 'main.jpg');
      const id = await productWith(a, code, { mainImage: main });
      const v = await a.post('/api/aiRocketReg/validate', { productId: id });
      expect(v.body.documents.map((d: { errors: unknown[] }) => d.errors)).toEqual([[], []]);
      const list = await a.post('/api/aiRocketReg/getlist', { view: 'summary' });
      const row = list.body.products.find((p: { _id: string }) => p._id === id);
      expect(row.completeness).toBe(100);
      expect(convertCoupangCategoryMeta(meta).attributes.length).toBeGreaterThan(0);
    },
  );
});

const SHEET_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const importSheet = (c: Client, sheet: Buffer) =>
  app.inject({
    method: 'POST',
    url: '/api/import/xlsx',
    headers: { cookie: c.cookie, 'content-type': SHEET_TYPE },
    payload: sheet,
  });

async function exportSheet(c: Client, productIds: string[]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/export/xlsx',
    headers: { cookie: c.cookie },
    payload: { productIds },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1);
  const col = (h: string) => headers.indexOf(h) + 1;
  const cell = (row: number, h: string) => ws.getRow(row).getCell(col(h));
  return { wb, ws, headers, col, cell, bytes: async () => Buffer.from(await wb.xlsx.writeBuffer()) };
}

async function docOf(id: string) {
  const row = await db
    .selectFrom('products')
    .select(['doc', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

describe('pre-flight and exports', async () => {
  const a = await signUp();
  await a.post('/api/category/meta', { displayCategoryCode: 77426, meta: puzzle });
  const cleanMain = await upload(a, photo(), 'clean.jpg');
  const clean = await productWith(a, 77426, { mainImage: cleanMain });
  const texted = await productWith(a, 77426, {
    mainImage: await upload(a, photo({ text: '包邮特价' }), 'text.jpg'),
    name: '입체 퍼즐 글자',
  });

  it('passes a clean product and fails one with text on its main image, in Korean', async () => {
    // Issue 37: the pre-flight holds Coupang's create rules too: without the seller's details the
    // clean product's only errors name them.
    const before = await a.post('/api/export/preflight', { productIds: [clean] });
    const errors = before.body.products[0].findings.filter(
      (f: { severity: string }) => f.severity === 'error',
    );
    expect(errors.map((f: { field: string }) => f.field)).toEqual(['seller.vendorId', 'seller.vendorUserId']);
    expect(errors[0].message.ko).toContain('업체코드(vendorId)');
    await a.post('/api/export/settings', { seller: { vendorId: 'A00012345', vendorUserId: 'wing-id' } });

    const r = await a.post('/api/export/preflight', { productIds: [clean, texted] });
    expect(r.status).toBe(200);
    const [ok, bad] = r.body.products;
    expect(ok.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
    expect(bad.status).toBe('error');
    const text = bad.findings.find((f: { rule: string }) => f.rule === 'mainImageText');
    expect(text.field).toBe('coupangDoc.jsonDocument.0.imagePage.images.mainImage');
    expect(text.message.ko).toMatch(
      /^대표이미지에 글자가 남아 있습니다: ".+"\. 글자가 없는 이미지를 사용해주세요\.$/,
    );
  }, 60_000);

  it('exports the Supplier Hub draft with the captured structure, and stops on pre-flight errors', async () => {
    const r = await a.post('/api/export/supplier-hub', { productIds: [clean] });
    expect(r.status).toBe(200);
    const [draft] = r.body.drafts;
    const ref = draftFlow['05_update_final_logistics'].request;
    expect(Object.keys(draft).sort()).toEqual(
      Object.keys(ref)
        .filter((k) => !['productNoticeNumber', 'remark'].includes(k))
        .sort(),
    );
    expect(draft).toMatchObject({
      docId: null,
      displayCategoryCode: 77426,
      scope: 'Retail_Categorized_Single',
      version: 164,
    });
    expect(draft.jsonDocument).toHaveLength(2);
    expect(Object.keys(draft.jsonDocument[0])).toEqual(Object.keys(ref.jsonDocument[0]!));
    expect(Object.keys(draft.jsonDocument[0].productPage.commonAttributes)).toEqual(
      expect.arrayContaining(Object.keys(ref.jsonDocument[0]!.productPage.commonAttributes)),
    );
    expect(typeof draft.jsonDocument[0].logisticsPage.skuUnitBoxWeight).toBe('string');
    expect(draft.jsonDocument[0].startPage.productName).toBe(draft.productName);

    const stopped = await a.post('/api/export/supplier-hub', { productIds: [clean, texted] });
    expect(stopped.status).toBe(422);
    expect(stopped.body.code).toBe('preflight_failed');
    expect(stopped.body.preflight.map((p: { status: string }) => p.status)).toEqual(['ok', 'error']);
  }, 60_000);

  it('exports the Rocket Growth payload with skuInfo and public image URLs', async () => {
    const r = await a.post('/api/export/rocket-growth', { productIds: [clean] });
    expect(r.status).toBe(200);
    expect(r.body.payloads[0].marketplaceShippingAndReturnInfo).toBeNull();
    const [payload] = r.body.payloads;
    expect(payload.items).toHaveLength(2);
    expect(payload.items[0].images[0]).toMatchObject({
      imageType: 'REPRESENTATION',
      vendorPath: expect.stringMatching(/^https:\/\/shop\.example\.com\/files\//),
    });
    expect(Object.keys(payload.items[0].rocketGrowthItemData.skuInfo)).toHaveLength(22);
    expect(payload.rocketGrowthAdditionalInformation.legalAgreement).toBe('AGREE');
    expect(payload.items[0].itemName).not.toBe(payload.items[1].itemName);
  }, 60_000);

  it('exports a sheet, and an edited sheet changes what it may and refuses the rest', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/export/xlsx',
      headers: { cookie: a.cookie },
      payload: { productIds: [clean, texted] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(
      expect.arrayContaining([
        '상품명',
        '공급가',
        '판매가',
        '노출속성',
        '상품고시정보',
        '박스 규격(mm)',
        '박스 무게(g)',
        '바코드 상태',
        '완성도(%)',
        '사전점검',
      ]),
    );
    expect(ws.rowCount).toBe(5);
    const col = (h: string) => headers.indexOf(h) + 1;
    expect(String(ws.getRow(4).getCell(col('사전점검')).value)).toContain(
      '대표이미지에 글자가 남아 있습니다',
    );
    ws.getRow(2).getCell(col('판매가')).value = 9900;
    ws.getRow(2).getCell(col('옵션명')).value = '딥레드';
    ws.getRow(3).getCell(col('박스 규격(mm)')).value = '1*1*1';
    ws.getRow(3).getCell(col('등록번호')).value = 'HACKED';
    const edited = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await docOf(clean);

    const other = await signUp();
    const foreign = await app.inject({
      method: 'POST',
      url: '/api/import/xlsx',
      headers: {
        cookie: other.cookie,
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      },
      payload: edited,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().changed).toEqual([]);
    expect(foreign.json().refused).toHaveLength(4);

    // All or nothing: one refused cell, and the valid changes of row 2 are held back too.
    const imported = await importSheet(a, edited);
    expect(imported.statusCode).toBe(422);
    const body = imported.json();
    expect(body.code).toBe('sheet_refused');
    expect(body.message).toBe(
      '시트에 저장할 수 없는 칸이 1개 있어 아무것도 저장하지 않았습니다. 거절된 칸을 고친 뒤 다시 올려주세요.',
    );
    expect(body.applied).toBe(false);
    expect(body.changed).toEqual([
      expect.objectContaining({
        row: 2,
        changes: [
          expect.objectContaining({ header: '옵션명', to: '딥레드' }),
          expect.objectContaining({ header: '판매가', from: '8900', to: '9900' }),
        ],
      }),
    ]);
    expect(body.refused).toEqual([
      expect.objectContaining({ row: 3, header: '박스 규격(mm)', value: '1*1*1' }),
    ]);
    expect(body.refused[0].reason.ko).toContain('10mm');
    expect(await docOf(clean)).toEqual(before);

    // The refused cell put back as exported: the rest is saved.
    ws.getRow(3).getCell(col('박스 규격(mm)')).value = '150*300*400';
    const fixed = await importSheet(a, Buffer.from(await wb.xlsx.writeBuffer()));
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toMatchObject({ applied: true, refused: [], unchangedRows: 3 });
    expect(fixed.json().changed).toEqual([expect.objectContaining({ row: 2 })]);
    const row = await db
      .selectFrom('products')
      .select('doc')
      .where('id', '=', clean)
      .executeTakeFirstOrThrow();
    const doc = row.doc as {
      fieldSources: Record<string, string>;
      options: { korName: string }[];
      coupangDoc: {
        jsonDocument: {
          productPage: { commonAttributes: { coupangSalePrice: number } };
          logisticsPage: { skuUnitBoxDimension: string };
        }[];
      };
    };
    expect(doc.options[0]!.korName).toBe('딥레드');
    expect(doc.coupangDoc.jsonDocument[0]!.productPage.commonAttributes.coupangSalePrice).toBe(9900);
    expect(doc.coupangDoc.jsonDocument[1]!.logisticsPage.skuUnitBoxDimension).toBe('150*300*400');
    // What the seller changed in the sheet is theirs: a later task run leaves it alone.
    expect(doc.fieldSources['options.0.korName']).toBe('seller');
    expect(doc.fieldSources['coupangDoc.jsonDocument.0.productPage.commonAttributes.coupangSalePrice']).toBe(
      'seller',
    );

    const junk = await app.inject({
      method: 'POST',
      url: '/api/import/xlsx',
      headers: { cookie: a.cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('not a sheet'),
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toContain('엑셀 파일을 읽을 수 없습니다');
  }, 60_000);

  // Issue 21 (abuse rows "nothing silently reverted"): the sheet's hidden export columns.
  it('abuse: an old sheet after an app edit reverts nothing; an edit of a value changed since is refused, named, nothing written', async () => {
    const id = await productWith(a, 77426, { mainImage: cleanMain, name: '되돌림 퍼즐' });
    const old = await exportSheet(a, [id]);
    expect(old.headers).toEqual(expect.arrayContaining(['내보낸 버전', '내보낸 값']));
    expect(old.ws.getColumn(old.col('내보낸 버전')).hidden).toBe(true);
    expect(old.ws.getColumn(old.col('내보낸 값')).hidden).toBe(true);
    const oldBytes = await old.bytes();
    // The seller changes the sale price in the app after the export.
    const edit = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: { 'coupangDoc.jsonDocument.0.productPage.commonAttributes.coupangSalePrice': 12000 },
    });
    expect(edit.status).toBe(200);
    const price = async () =>
      (
        (await docOf(id)).doc as {
          coupangDoc: { jsonDocument: { productPage: { commonAttributes: { coupangSalePrice: number } } }[] };
        }
      ).coupangDoc.jsonDocument[0]!.productPage.commonAttributes.coupangSalePrice;

    // The untouched old sheet: nothing written, the app's edit stays.
    const untouched = await importSheet(a, oldBytes);
    expect(untouched.statusCode).toBe(200);
    expect(untouched.json()).toMatchObject({ applied: true, changed: [], refused: [], unchangedRows: 2 });
    expect(await price()).toBe(12000);

    // The old sheet with that same price edited, and a valid edit of another row: refused, nothing saved.
    const before = await docOf(id);
    const exportedPrice = old.cell(2, '판매가').value;
    old.cell(2, '판매가').value = 9900;
    old.cell(3, '옵션명').value = '네이비';
    const conflict = await importSheet(a, await old.bytes());
    expect(conflict.statusCode).toBe(409);
    const body = conflict.json();
    expect(body.code).toBe('sheet_changed_since_export');
    expect(body.applied).toBe(false);
    expect(body.refused).toEqual([
      expect.objectContaining({ row: 2, header: '판매가', value: '9900', conflict: true }),
    ]);
    const reason = body.refused[0].reason.ko as string;
    expect(reason).toMatch(/^내보낸 뒤에 앱에서 바뀐 값입니다: /);
    const regId = (await docOf(id)).doc as { registrationId: string };
    expect(reason).toContain(regId.registrationId);
    expect(reason).toContain(`옵션 ${body.refused[0].optionNumber}`);
    expect(reason).toContain('판매가');
    expect(reason).toContain('12000');
    expect(body.changed).toEqual([
      expect.objectContaining({
        row: 3,
        changes: [expect.objectContaining({ header: '옵션명', to: '네이비' })],
      }),
    ]);
    expect(await docOf(id)).toEqual(before);

    // A field the app did not change since is still the seller's to change from the old sheet.
    old.cell(2, '판매가').value = exportedPrice;
    const merged = await importSheet(a, await old.bytes());
    expect(merged.statusCode).toBe(200);
    expect(merged.json().changed).toEqual([
      expect.objectContaining({
        row: 3,
        changes: [expect.objectContaining({ header: '옵션명', to: '네이비' })],
      }),
    ]);
    expect(await price()).toBe(12000);
  }, 60_000);

  it('abuse: one valid change and one oversized value answer 4xx and save nothing', async () => {
    const id = await productWith(a, 77426, { mainImage: cleanMain, name: '큰값 퍼즐' });
    const sheet = await exportSheet(a, [id]);
    const before = await docOf(id);
    sheet.cell(2, '판매가').value = 9900;
    sheet.cell(3, '상품고시정보').value = `품명 및 모델명=${'가'.repeat(40_000)}`;
    const res = await importSheet(a, await sheet.bytes());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ applied: false, code: 'sheet_refused' });
    expect(res.json().refused).toEqual([
      expect.objectContaining({
        row: 3,
        header: '상품고시정보',
        reason: expect.objectContaining({ ko: '32767자 이하여야 합니다.' }),
      }),
    ]);
    expect(res.json().changed).toEqual([expect.objectContaining({ row: 2 })]);
    expect(await docOf(id)).toEqual(before);
  }, 60_000);

  it('abuse: a valid change written first is rolled back when another product of the sheet would exceed 10 MB (413)', async () => {
    const y = await productWith(a, 77426, { mainImage: cleanMain, name: '먼저 퍼즐' });
    const x = await productWith(a, 77426, { mainImage: cleanMain, name: '큰문서 퍼즐' });
    // x's document is brought just under the 10 MB cap (the sheet's 90 KB notice then goes over it).
    await sql`update products set doc = doc || jsonb_build_object('description',
      repeat('a', ${10 * 1024 * 1024 - 60_000} - octet_length(doc::text))) where id = ${x}`.execute(db);
    const sheet = await exportSheet(a, [y, x]);
    const before = { y: await docOf(y), x: await docOf(x) };
    sheet.cell(2, '판매가').value = 9900; // y: valid, written first
    sheet.cell(4, '상품고시정보').value = `품명 및 모델명=${'가'.repeat(30_000)}`; // x
    const res = await importSheet(a, await sheet.bytes());
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'sheet_document_too_large', applied: false });
    expect(res.json().message).toContain('아무것도 저장하지 않았습니다');
    expect(await docOf(y)).toEqual(before.y);
    expect(await docOf(x)).toEqual(before.x);
  }, 60_000);

  it('abuse: a date in a number cell is refused in Korean, never read as its serial (45292)', async () => {
    const id = await productWith(a, 77426, { mainImage: cleanMain, name: '날짜 퍼즐' });
    const sheet = await exportSheet(a, [id]);
    const before = await docOf(id);
    sheet.cell(2, '판매가').value = new Date(Date.UTC(2024, 0, 1));
    // A serial with a date format ExcelJS does not know as one is a date too.
    sheet.cell(3, '공급가').value = 45292;
    sheet.cell(3, '공급가').numFmt = '[$-412]yyyy"년" m"월" d"일";@';
    const res = await importSheet(a, await sheet.bytes());
    expect(res.statusCode).toBe(422);
    const refused = res.json().refused as { row: number; header: string; reason: { ko: string } }[];
    expect(refused.map((r) => [r.row, r.header])).toEqual([
      [2, '판매가'],
      [3, '공급가'],
    ]);
    for (const r of refused)
      expect(r.reason.ko).toBe(
        '날짜(2024-01-01)가 아니라 숫자를 입력해주세요. 칸의 서식을 "일반"이나 "텍스트"로 바꿔주세요.',
      );
    expect(await docOf(id)).toEqual(before);
  }, 60_000);

  it('abuse: formula-like text is exported with a quote prefix and read back without it', async () => {
    const id = await productWith(a, 77426, { mainImage: cleanMain, name: '수식 퍼즐' });
    const set = await a.post('/api/aiRocketReg/updatePartial', {
      productId: id,
      updateFields: {
        'options.0.korName': '=HYPERLINK("http://evil.example","x")',
        'options.1.korName': '+82 레드',
      },
    });
    expect(set.status).toBe(200);
    const sheet = await exportSheet(a, [id]);
    expect(sheet.cell(2, '옵션명').value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(sheet.cell(3, '옵션명').value).toBe("'+82 레드");
    expect(sheet.cell(2, '옵션명').formula).toBeUndefined();
    // Imported back untouched: the quote is not taken for an edit.
    const same = await importSheet(a, await sheet.bytes());
    expect(same.json()).toMatchObject({ applied: true, changed: [], unchangedRows: 2 });
    // A seller's formula-like value, quoted as the export does: stored without the quote.
    sheet.cell(3, '옵션명').value = "'@홈 레드";
    const edited = await importSheet(a, await sheet.bytes());
    expect(edited.statusCode).toBe(200);
    expect(edited.json().changed[0].changes).toEqual([
      expect.objectContaining({ header: '옵션명', to: '@홈 레드' }),
    ]);
    const doc = (await docOf(id)).doc as { options: { korName: string }[] };
    expect(doc.options.map((o) => o.korName)).toEqual(['=HYPERLINK("http://evil.example","x")', '@홈 레드']);
    expect((await exportSheet(a, [id])).cell(3, '옵션명').value).toBe("'@홈 레드");
  }, 60_000);

  it('refuses one option edited in two rows of a sheet', async () => {
    const sheet = await exportSheet(a, [clean]);
    const copy = sheet.ws.getRow(2).values as unknown[];
    const added = sheet.ws.addRow(copy.slice(1));
    added.getCell(sheet.col('판매가')).value = 7700;
    const before = await docOf(clean);
    const res = await importSheet(a, await sheet.bytes());
    expect(res.statusCode).toBe(422);
    expect(res.json().refused).toEqual([
      expect.objectContaining({
        row: added.number,
        reason: expect.objectContaining({
          ko: `${added.number}행: 2행과 같은 옵션입니다. 한 옵션은 한 행에서만 고쳐주세요.`,
        }),
      }),
    ]);
    expect(await docOf(clean)).toEqual(before);
  }, 60_000);

  it('refuses a sheet exported before the hidden columns, asking for a new export', async () => {
    const sheet = await exportSheet(a, [clean]);
    sheet.ws.spliceColumns(sheet.col('내보낸 버전'), 2);
    sheet.cell(2, '판매가').value = 7700;
    const before = await docOf(clean);
    const res = await importSheet(a, await sheet.bytes());
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('sheet_without_version');
    expect(res.json().message).toContain('시트를 다시 내보낸 뒤');
    expect(await docOf(clean)).toEqual(before);
  }, 60_000);

  it('fits a non-square main image onto a white square in one click', async () => {
    const wide = await upload(a, photo({ width: 1200, height: 700 }), 'wide.jpg');
    const id = await productWith(a, 77426, { mainImage: wide, name: '와이드 퍼즐' });
    const before = await a.post('/api/export/preflight', { productIds: [id] });
    const square = before.body.products[0].findings.find(
      (f: { rule: string }) => f.rule === 'mainImageSquare',
    );
    expect(square.fix.action).toBe('squareMainImage');
    const fixed = await a.post('/api/export/fix', { productId: id, action: 'squareMainImage', url: wide });
    expect(fixed.status).toBe(200);
    expect(fixed.body.updated).toBe(2);
    const after = await a.post('/api/export/preflight', { productIds: [id] });
    expect(after.body.products[0].findings.map((f: { rule: string }) => f.rule)).not.toContain(
      'mainImageSquare',
    );
  }, 60_000);

  it('keeps banned words per company and finds them', async () => {
    const s = await a.post('/api/export/settings', { bannedWords: ['퍼즐 세트', ' ', '퍼즐 세트'] });
    expect(s.body.bannedWords).toEqual(['퍼즐 세트']);
    const r = await a.post('/api/export/preflight', { productIds: [clean] });
    const word = r.body.products[0].findings.find((f: { rule: string }) => f.rule === 'bannedWord');
    expect(word.message.ko).toBe('상품명에 금지어 "퍼즐 세트"가 있습니다.');
    expect(Object.values(word.fix.updateFields)).toEqual(['입체']);
    await a.post('/api/export/settings', { bannedWords: [] });
  }, 60_000);

  it('warns when the registration documents pass 5 MB, naming the size (W §9)', async () => {
    const big = await productWith(a, 77426, { mainImage: cleanMain, name: '큰 문서 퍼즐' });
    const before = await a.post('/api/export/preflight', { productIds: [big] });
    expect(before.body.products[0].findings.map((f: { rule: string }) => f.rule)).not.toContain(
      'documentSize',
    );
    // 2,000,000 Hangul syllables are 6,000,000 bytes in UTF-8: 5.7 MB in the first option document.
    await sql`update products set doc = jsonb_set(doc, '{coupangDoc,jsonDocument,0,sellerMemo}',
      to_jsonb(repeat('가', 2000000))) where id = ${big}`.execute(db);
    const r = await a.post('/api/export/preflight', { productIds: [big] });
    const size = r.body.products[0].findings.find((f: { rule: string }) => f.rule === 'documentSize');
    expect(size).toMatchObject({ severity: 'warning', field: 'coupangDoc.jsonDocument', optionNumber: null });
    expect(size.message.ko).toMatch(/^등록 문서가 5\.7 MB로 5\.0 MB를 넘습니다\./);
  }, 60_000);

  it('warns about values the offline demo AI wrote, without stopping the export (issue 20)', async () => {
    await db
      .updateTable('products')
      .set({
        doc: sql`jsonb_set(doc, '{fieldSources}', '{"seo.productName": "offline", "brand": "seller"}'::jsonb)`,
      })
      .where('id', '=', clean)
      .execute();
    const r = await a.post('/api/export/preflight', { productIds: [clean] });
    const [p] = r.body.products;
    const offline = p.findings.find((f: { rule: string }) => f.rule === 'offlineAiOutput');
    expect(offline).toMatchObject({ severity: 'warning', field: 'seo.productName' });
    expect(offline.message.ko).toMatch(/^오프라인 데모 AI가 작성한 값이 있습니다 \(1개: seo\.productName\)/);
    expect(p.findings.filter((f: { severity: string }) => f.severity === 'error')).toEqual([]);
  }, 60_000);
});
