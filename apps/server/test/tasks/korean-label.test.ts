import sharp from 'sharp';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { koreanLabelTask } from '../../src/tasks/korean-label/index.ts';
import { type FakeServer, promptOf, startFakeAiServer } from '../ai/support/fake-ai-servers.ts';
import { createTaskEnv, importedTshirt, newCompany, newProduct, storedDoc } from './support.ts';

const gemini = await startFakeAiServer('gemini');
const openai = await startFakeAiServer('openai');
afterAll(async () => {
  await gemini.close();
  await openai.close();
});
const env = await createTaskEnv({ GEMINI_BASE_URL: gemini.url, OPENAI_BASE_URL: openai.url });

const LABEL_TYPE = '제품 한글 표시사항 라벨 또는 도안 이미지';
const isSingle = (prompt: string) => prompt.includes('한글 표시사항 하나를 작성하세요');

async function imageOf(url: string) {
  const file = await env.container.storage.read(url);
  expect(file, url).toBeDefined();
  return sharp(file!.data).metadata();
}

describe.each([
  ['gemini', gemini],
  ['openai', openai],
] as const)('Korean label task with the %s protocol', (protocol, server: FakeServer) => {
  beforeEach(() => {
    server.script.length = 0;
    server.received.length = 0;
  });

  async function setup() {
    const client = await newCompany(env, protocol, {
      settings: { defaultSettings: { importer: '주식회사 수입' } },
    });
    const product = await newProduct(client, importedTshirt(), 79382);
    const numbers = (product.options as { optionNumber: string }[]).map((o) => o.optionNumber);
    return { client, product, numbers, ctx: env.context(client, product._id) };
  }

  it('writes one label per option from the batch, renders each to a PNG stored as koreanLabel, and fills the documents', async () => {
    const { product, numbers, ctx } = await setup();
    server.fallback = () => ({
      text: JSON.stringify({
        labels: [
          {
            optionNumber: numbers[0],
            content: '품명: 반팔 티셔츠 화이트 M\n수량: 1개',
            material: '면 100%',
            type: '티셔츠',
          },
          { optionNumber: numbers[1], content: '품명: 반팔 티셔츠 블랙 L', material: '', type: '티셔츠' },
        ],
      }),
    });
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome).toMatchObject({ status: 'completed', skipped: [] });
    expect(server.received).toHaveLength(1);
    const doc = await storedDoc(env, product._id);
    expect(doc.options[0].koreanLabels).toEqual({
      content: '품명: 반팔 티셔츠 화이트 M\n수량: 1개',
      material: '면 100%',
      type: '티셔츠',
    });
    expect(doc.options[1].koreanLabels.material).toBe('상세정보참조'); // blank → the default placeholder
    expect(doc.koreanLabels).toEqual(doc.options[0].koreanLabels);
    const [first, second] = [doc.options[0].koreanLabelImage, doc.options[1].koreanLabelImage];
    expect(first).toMatch(/^\/files\/.+_koreanLabel-.+\.png$/);
    expect(second).not.toBe(first);
    expect(doc.koreanLabelImage).toBe(first);
    const meta = await imageOf(first);
    expect(meta).toMatchObject({ format: 'png', width: 800 });
    expect(meta.height).toBeGreaterThanOrEqual(400);
    expect(doc.coupangDoc.jsonDocument[1].imagePage.images.labelImages).toEqual([
      { labelImageType: LABEL_TYPE, labelImageFiles: second },
    ]);
    expect(doc.fieldSources['options.0.koreanLabels']).toBe('ai');
  });

  it('runs the single-prompt fallback when the batch fails, one label for every option', async () => {
    const { product, ctx } = await setup();
    server.fallback = (req) =>
      isSingle(promptOf(req))
        ? { text: JSON.stringify({ content: '반팔 티셔츠', material: '면', type: '의류' }) }
        : { status: 400, message: 'bad batch' };
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe('옵션별 한글 표시사항 생성이 실패해 단일 요청으로 만들었습니다.');
    expect(server.received).toHaveLength(2);
    const doc = await storedDoc(env, product._id);
    expect(doc.options[0].koreanLabels).toEqual({ content: '반팔 티셔츠', material: '면', type: '의류' });
    expect(doc.options[1].koreanLabels).toEqual(doc.options[0].koreanLabels);
    expect(doc.options[1].koreanLabelImage).toBe(doc.options[0].koreanLabelImage); // one image for one label
  });

  it('uses the spec’s defaults when both AI requests fail, and still ends completed', async () => {
    const { product, ctx } = await setup();
    server.fallback = () => ({ text: 'not json at all' });
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.status).toBe('completed');
    expect(outcome.message?.ko).toBe('AI 응답을 받지 못해 기본 한글 표시사항을 사용했습니다.');
    expect(server.received).toHaveLength(2);
    const doc = await storedDoc(env, product._id);
    expect(doc.koreanLabels.content).toBe(
      [
        '품명: 여름 순면 반팔 티셔츠 여성',
        '제조자/수입자: 주식회사 수입',
        '제조국: 중국',
        '사용연령: 14세이상',
        '주의사항: 용도 외에 사용금지. 파손및화기주의',
      ].join('\n'),
    );
    expect(doc.koreanLabels.material).toBe('상세정보참조');
    expect(doc.fieldSources.koreanLabels).toBe('source');
    expect((await imageOf(doc.koreanLabelImage)).format).toBe('png');
  });

  it('keeps a label text the seller edited and reports it', async () => {
    const { client, product, numbers, ctx } = await setup();
    await client.post('/api/aiRocketReg/updatePartial', {
      productId: product._id,
      updateFields: { 'options.0.koreanLabels.content': '셀러가 쓴 표시사항' },
    });
    server.fallback = () => ({
      text: JSON.stringify({
        labels: numbers.map((n) => ({
          optionNumber: n,
          content: 'AI 표시사항',
          material: '면',
          type: '티셔츠',
        })),
      }),
    });
    const outcome = await koreanLabelTask.run(ctx);
    expect(outcome.skipped).toEqual(['options.0.koreanLabels.content']);
    const doc = await storedDoc(env, product._id);
    expect(doc.options[0].koreanLabels).toEqual({
      content: '셀러가 쓴 표시사항',
      material: '면',
      type: '티셔츠',
    });
    expect(doc.options[1].koreanLabels.content).toBe('AI 표시사항');
    // The seller's text is what option 1's image shows, so the two options have different images.
    expect(doc.options[0].koreanLabelImage).not.toBe(doc.options[1].koreanLabelImage);
  });
});

describe('Korean label task with the offline provider', () => {
  it('labels every option without any network', async () => {
    const client = await newCompany(env, 'offline');
    const product = await newProduct(client, importedTshirt(), 79382);
    const outcome = await koreanLabelTask.run(env.context(client, product._id));
    expect(outcome.status).toBe('completed');
    const doc = await storedDoc(env, product._id);
    expect(
      doc.options.every((o: { koreanLabelImage?: string }) => o.koreanLabelImage?.startsWith('/files/')),
    ).toBe(true);
    expect(doc.coupangDoc.jsonDocument[0].imagePage.images.labelImages[0].labelImageType).toBe(LABEL_TYPE);
  });
});
