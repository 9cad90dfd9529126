import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createContainer } from '../../src/container.ts';
import { buildApp } from '../../src/http/app.ts';
import { createStorage } from '../../src/images/storage.ts';
import { machineTranslate } from '../../src/images/translate/engine.ts';
import { keptLineBoxes, layoutItems, toRenderItems } from '../../src/images/translate/render.ts';
import type { OcrItem } from '../../src/images/translate/types.ts';
import { type FakeServer, promptOf, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { createTestDb, type TestDb } from '../support/test-db.ts';
import { koreanInkMatch, rawRgb } from './support/measure.ts';
import { flatScene } from './support/scenes.ts';

let app: FastifyInstance;
let t: TestDb;
let cookie: string;
let companyId: string;
let dataDir: string;
let gemini: FakeServer;

async function signup(companyName: string): Promise<{ cookie: string; companyId: string }> {
  const email = `img${Date.now()}${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { companyName, name: '김', email, password: 'pw-123456789' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { cookie: `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`, companyId: row.company_id };
}

beforeAll(async () => {
  t = await createTestDb();
  gemini = await startFakeAiServer('gemini');
  dataDir = mkdtempSync(path.join(tmpdir(), 'img-routes-'));
  writeFileSync(path.join(dataDir, 'app-secret'), 'secret-outside-files-0123456789');
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO: 'false',
    LOG_LEVEL: 'silent',
    GEMINI_BASE_URL: gemini.url,
  });
  app = await buildApp(createContainer(config, t.db, { log: false }), { logger: false });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      companyName: '이미지상사',
      name: '김',
      email: `img${Date.now()}@example.com`,
      password: 'pw-123456789',
    },
  });
  expect(res.statusCode).toBe(200);
  cookie = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
  const row = await t.db.selectFrom('users').select('company_id').executeTakeFirstOrThrow();
  companyId = row.company_id;
});
afterAll(async () => {
  await app?.close();
  await gemini?.close();
});

const post = (url: string, payload: unknown, withCookie = true) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: withCookie ? { cookie } : {} });

describe('aiPage image calls', () => {
  it('translates a stored image, answers the spec shape, stores the result and serves it', async () => {
    const storage = createStorage({ dataDir, publicUrl: undefined });
    const src = await storage.put(companyId, 'scene.png', flatScene().png);
    const res = await post('/api/aiPage/getImageTranslate', [{ imgUrl: src.url }]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.요청결과).toBe('성공');
    const { RequestId, Data } = body.result[0];
    for (const k of ['Url', 'SslUrl', 'RmUrl', 'SslRmUrl', 'TranslateUrl', 'SslTranslateUrl'])
      expect(Data[k]).toMatch(/^\/files\//);
    const file = await app.inject({ method: 'GET', url: Data.TranslateUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    // Paths that would leave ${DATA_DIR}/files never serve what is outside it (DATA_DIR/app-secret).
    const secret = readFileSync(path.join(dataDir, 'app-secret'), 'utf8');
    for (const url of [
      '/files/../app-secret',
      '/files/%2e%2e/app-secret',
      `/files/${companyId}/..%2f..%2fapp-secret`,
    ]) {
      const r = await app.inject({ method: 'GET', url });
      expect(r.body.includes(secret), url).toBe(false);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/files/${companyId}/..%2f..%2fapp-secret` })).statusCode,
    ).toBe(404);

    const q = await post('/api/aiPage/getImageTranslateBatchQuery', [RequestId]);
    expect(q.statusCode).toBe(200);
    const orc = q.json().result.Data.Content[RequestId].Orc;
    expect(orc.map((o: { source: string }) => o.source)).toContain('新款高品质收纳盒');
    // No AI settings: the gateway's offline provider answered (the replacement table), no model was asked.
    const row = await t.db
      .selectFrom('image_requests')
      .select('translation')
      .where('request_id', '=', RequestId)
      .executeTakeFirstOrThrow();
    expect(row.translation).toBe('offline');
    expect(gemini.received).toHaveLength(0);
    const banner = orc.find((o: OcrItem) => o.source === '新款高品质收纳盒') as OcrItem;
    expect(banner.target).toBe(machineTranslate(banner.source, 'CHN'));

    const edited = orc.map((o: { source: string; target: string }) =>
      o.source === '新款高品质收纳盒' ? { ...o, target: '새 수납함' } : o,
    );
    const regen = await post('/api/aiPage/getImageOCR', {
      preRequestId: RequestId,
      url: Data.Url,
      rmUrl: Data.RmUrl,
      ocrData: edited,
    });
    expect(regen.statusCode, regen.body).toBe(200);
    expect(regen.json().result.RequestId).not.toBe(RequestId);
    expect(regen.json().result.Data.Url).toMatch(/^\/files\//);
  });

  it('refuses without a session, without a URL, and private addresses (nothing stored)', async () => {
    expect(
      (await post('/api/aiPage/getImageTranslate', [{ imgUrl: 'http://x/y.png' }], false)).statusCode,
    ).toBe(401);
    const none = await post('/api/aiPage/getImageTranslateV2', [{}]);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('이미지 URL이 없습니다');
    const before = await t.db.selectFrom('image_requests').select('request_id').execute();
    const filesBefore = readdirSync(path.join(dataDir, 'files', companyId), { recursive: true }).length;
    for (const imgUrl of [
      'http://127.0.0.1/x.png',
      'http://10.0.0.8/x.png',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const r = await post('/api/aiPage/getImageTranslateV2', {
        sourceLanguage: 'ENG',
        targetLanguage: 'KOR',
        imgUrl,
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().error).toBe('허용되지 않는 이미지 주소입니다');
    }
    expect(await t.db.selectFrom('image_requests').select('request_id').execute()).toHaveLength(
      before.length,
    );
    expect(readdirSync(path.join(dataDir, 'files', companyId), { recursive: true }).length).toBe(filesBefore);
  });

  it('keeps results per company', async () => {
    const q = await post('/api/aiPage/getImageTranslateBatchQuery', ['NOT-A-REQUEST']);
    expect(q.statusCode).toBe(404);
    expect(q.json().error).toBe('OCR 데이터 조회 결과가 없거나 유효하지 않습니다');
  });
});

describe('translation through the AI gateway (AI_TRANSLATE, company settings)', () => {
  // Keys as the OCR reads the drawn lines (spaces between words are not read).
  const AI_KOREAN: Record<string, string> = {
    新款高品质收纳盒: '프리미엄 수납함',
    大容量防水耐用: '넉넉한 용량 방수',
    多种颜色可选: '컬러 선택',
    包邮现货: '무료배송 즉시출고',
  };

  /** Translates a stored flat scene for a company; answers the stored row and the images. */
  async function translateFor(user: { cookie: string; companyId: string }) {
    const storage = createStorage({ dataDir, publicUrl: undefined });
    const src = await storage.put(user.companyId, 'scene.png', flatScene().png);
    const res = await app.inject({
      method: 'POST',
      url: '/api/aiPage/getImageTranslateV2',
      payload: [{ imgUrl: src.url, sourceLanguage: 'CHN', targetLanguage: 'KOR' }],
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { RequestId, Data } = res.json().result[0];
    const row = await t.db
      .selectFrom('image_requests')
      .selectAll()
      .where('request_id', '=', RequestId)
      .executeTakeFirstOrThrow();
    const items = row.ocr as OcrItem[];
    return {
      row,
      items,
      translated: await rawRgb((await storage.read(Data.TranslateUrl))!.data),
      removed: await rawRgb((await storage.read(Data.RmUrl))!.data),
    };
  }

  async function useGemini(user: { cookie: string }, key: string) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/savesetting',
      payload: { settings: [{ aiProvider: 'gemini', geminiAPIKey: key, geminiModel: 'gemini-test' }] },
      headers: { cookie: user.cookie },
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  it("draws the AI's Korean for a company with Gemini settings (one request per image, image attached)", async () => {
    const user = await signup('제미나이상사');
    await useGemini(user, 'gemini-key-ai-ok');
    gemini.received.length = 0;
    gemini.fallback = (request) => {
      // The prompt numbers the OCR texts: "1. 新款高品质收纳盒".
      const texts = [...promptOf(request).matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]!);
      return {
        text: JSON.stringify({
          items: texts.map((ch) => ({
            ch,
            ko: [AI_KOREAN[ch] ?? '기타 문구'],
            font_size: 50,
            adjust_box: { width_percent: 100, height_percent: 100 },
          })),
        }),
      };
    };
    const { row, items, translated, removed } = await translateFor(user);

    expect(gemini.received).toHaveLength(1);
    const request = gemini.received[0]!;
    expect(request.path).toContain('models/gemini-test:generateContent');
    for (const ch of Object.keys(AI_KOREAN)) expect(promptOf(request)).toContain(ch);
    const parts = (request.body as { contents: { parts: { inlineData?: { mimeType: string } }[] }[] })
      .contents[0]!.parts;
    expect(parts.some((p) => p.inlineData?.mimeType === 'image/jpeg')).toBe(true);

    expect(row.translation).toBe('ai');
    const translatedItems = items.filter((i) => i.translate);
    expect(translatedItems.map((i) => i.source).sort()).toEqual(Object.keys(AI_KOREAN).sort());
    for (const item of translatedItems) {
      expect(item.target).toBe(AI_KOREAN[item.source]);
      expect(item.font_size).toBe(50);
    }
    // Drawn: each AI string's ink is where the engine lays it out, clearly better than another string.
    // Laid out again as the engine did: on the text-removed image, around the lines kept on it.
    const rgba = new Uint8Array(removed.width * removed.height * 4);
    for (let i = 0; i < removed.width * removed.height; i++) {
      rgba.set(removed.data.subarray(i * 3, i * 3 + 3), i * 4);
      rgba[i * 4 + 3] = 255;
    }
    const layouts = layoutItems(toRenderItems(items, 'CHN'), translated.width, translated.height, {
      image: { data: rgba, width: removed.width, height: removed.height },
      obstacles: keptLineBoxes(items),
    });
    expect(layouts.map((l) => l.lines.join(' ')).sort()).toEqual(Object.values(AI_KOREAN).sort());
    for (const layout of layouts) {
      const item = translatedItems.find((i) => i.target === layout.lines.join(' '))!;
      const match = koreanInkMatch(translated, removed, layout, layout.lines, item.align);
      const other = koreanInkMatch(
        translated,
        removed,
        layout,
        layout.lines.map((l) => [...l].reverse().join('')),
        item.align,
      );
      expect(match, item.target).toBeGreaterThan(0.5);
      expect(match - other, item.target).toBeGreaterThan(0.15);
    }
  });

  it('falls back to the replacement table with font size 40 when the AI fails', async () => {
    const user = await signup('실패상사');
    await useGemini(user, 'gemini-key-ai-fails');
    gemini.received.length = 0;
    gemini.fallback = () => ({ status: 400, message: 'API key not valid' });
    const { row, items } = await translateFor(user);

    expect(gemini.received).toHaveLength(1);
    expect(row.translation).toBe('fallback');
    const translatedItems = items.filter((i) => i.translate);
    expect(translatedItems).toHaveLength(4);
    for (const item of translatedItems) {
      expect(item.font_size).toBe(40);
      expect(item.target).toBe(machineTranslate(item.source, 'CHN'));
    }
  });
});
