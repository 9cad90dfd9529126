import { type CategorySchema, checkCompleteness, containsCjk, type RegistrationDocument } from '@rr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodAnswer, optionLines, scriptQuotationAi } from './quotation-fake-ai.ts';
import {
  createHarness,
  geminiSeller,
  type Harness,
  product as productOf,
  registeredProduct,
  runTask,
  type Seller,
} from './quotation-harness.ts';

// The quotation task (quotation-spec.md §4) against a scripted model behind the real Gemini
// protocol, on simulated time (the spec's waits and the 12/min limit run, in microseconds); its
// products are fakes in memory (TaskDeps), no PostgreSQL.

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const TSHIRT = {
  productName: '纯棉短袖T恤女夏季',
  axes: ['颜色', '尺码'] as [string, string],
  first: ['白色', '黑色', '灰色'],
  second: ['S', 'M', 'L', 'XL'],
  category: 79382,
};

type Product = {
  _id: string;
  registrationId: string;
  productName: string;
  quotationStatus: string;
  processError?: { message: string; timestamp: string; failedOptions?: string[]; error?: string } | null;
  options: { optionNumber: string; quotationStatus?: string }[];
  quotation: {
    options: { optionNumber: string; attributes: { name: string; value: unknown; source?: string }[] }[];
  };
  coupangDoc: { productName: string; jsonDocument: RegistrationDocument[] };
  rocketRegInfo: { schemaInfo: CategorySchema };
  seo?: { productName?: string };
  splitGroup?: { attributeName?: string; value?: string; values?: string[] };
  completeness: number;
};

/** The product as the seller's list answers it (getlist's full view). */
const product = (s: Seller, id: string) => productOf<Product>(s, id);

describe('quotation: a 12-option product', () => {
  it('completes every document in Korean, with every rule visible, and reaches 100%', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, TSHIRT);
    const ai = scriptQuotationAi(h.fake);
    const r = await runTask(h, c, id);
    expect(r.outcome).toMatchObject({ status: 'completed', result: 'completed' });
    // 1 translation + 1 analysis + 1 common (exposed and search filters together) + ⌈12/10⌉ batches, nothing more
    expect(Object.fromEntries(ai.counts)).toEqual({
      translate: 1,
      analyze: 1,
      commonOther: 1,
      batch: 2,
    });
    const p = await product(c, id);
    expect(p.quotationStatus).toBe('completed');
    expect(p.options.every((o) => o.quotationStatus === 'completed')).toBe(true);
    const docs = p.coupangDoc.jsonDocument;
    expect(docs).toHaveLength(12);
    expect(containsCjk(docs)).toBe(false);
    for (const d of docs) expect(checkCompleteness(d, p.rocketRegInfo.schemaInfo).issues).toEqual([]);
    expect(p.completeness).toBe(100);
    const first = docs[0]!;
    expect(first.productPage?.commonAttributes?.exposedAttributes).toEqual([
      { attributeName: '색상', attributeValue: '흰색' },
      { attributeName: '사이즈', attributeValue: 'S' },
      { attributeName: '수량', attributeValue: '1개' },
    ]);
    expect(docs[7]!.productPage?.commonAttributes?.exposedAttributes?.[1]?.attributeValue).toBe('XL');
    expect(first.productPage?.modelNumber).toBe('TS-2025');
    expect(first.productPage?.searchTags).toBe('반팔티, 면티셔츠, 라운드넥');
    expect(first.legalPage?.kcMarkType).toBe('해당사항없음');
    const notice = (name: string) =>
      first.legalPage?.notices?.find((n) => n.noticeItemName === name)?.noticeItemValue;
    expect(notice('제조국')).toBe('중국'); // the seller's origin (default 중국), not the import-status rule
    expect(notice('제조자(수입자)')).toBe('광저우 협력사');
    expect(first.logisticsPage?.totalSKUsInBox).toBe(24); // W §9 boxed SKUs
    // the AI's values carry the source text they came from
    const q = p.quotation.options[0]!;
    expect(q.attributes.find((a) => a.name === '색상')?.source).toBe('白色');
    // The task says how it went in its outcome; the top indicator ("processing") is the runner's.
    expect(r.outcome.message).toMatchObject({ ko: '등록 정보 생성 완료 (총 12개, 성공: 12, 실패: 0)' });
    expect(r.events.some((e) => e.type === 'processing')).toBe(false);
    expect(r.events.some((e) => e.type === 'product-split-completed')).toBe(false);
  });
});

describe('quotation: some options by hand', () => {
  it('quoting one option leaves the product partly done and splits nothing until every option is quoted', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, { ...TSHIRT, first: ['白色'], second: ['S', 'M', 'L'] });
    const first = (await product(c, id)).options[0]!.optionNumber;
    scriptQuotationAi(h.fake);
    const one = await runTask(h, c, id, { mode: { kind: 'options', optionNumbers: [first] } });
    expect(one.outcome).toMatchObject({ status: 'partially_completed', result: 'partial' });
    const p = await product(c, id);
    expect(p.quotationStatus).toBe('partially_completed');
    expect(p.options[0]!.quotationStatus).toBe('completed');
    expect(p.options.slice(1).some((o) => o.quotationStatus === 'completed')).toBe(false);
    expect(one.events.some((e) => e.type === 'product-split-completed')).toBe(false);

    const all = await runTask(h, c, id, { mode: { kind: 'all' } });
    expect(all.outcome).toMatchObject({ status: 'completed' });
    const done = await product(c, id);
    expect(done.quotationStatus).toBe('completed');
    expect(done.options.every((o) => o.quotationStatus === 'completed')).toBe(true);
  });
});

describe('quotation: failures', () => {
  it('some options fail → partially_completed with failedOptions; reprocess completes only those', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, TSHIRT);
    const last = (await product(c, id)).options[11]!.optionNumber;
    // A fresh 12/min window: the retries' spacing below is the backoff's alone, whatever the tests
    // before this one left in the key's window (this run makes exactly 12 calls).
    h.clock.advanceBy(120_000);
    const ai = scriptQuotationAi(h.fake, (prompt, kind) => {
      if (kind === 'batch' && prompt.includes(last)) return { text: '죄송합니다, 지금은 답할 수 없습니다.' }; // prose without JSON: a bad answer
      if (kind === 'attributeInfo' && prompt.includes(`옵션: ${last}`))
        return { status: 500, message: 'boom' };
      return undefined;
    });
    const r = await runTask(h, c, id);
    expect(r.outcome).toMatchObject({ status: 'partially_completed', result: 'partial' });
    const p = await product(c, id);
    expect(p.quotationStatus).toBe('partially_completed');
    expect(p.processError).toMatchObject({
      message: '1개 옵션에서 오류가 발생했습니다.',
      failedOptions: [last],
    });
    expect(p.processError?.timestamp).toMatch(/^\d{4}-/);
    expect(p.options[11]!.quotationStatus).toBe('error');
    expect(p.options[10]!.quotationStatus).toBe('completed'); // batch 2's other option, by the fallback
    // bad answers: 3 attempts of batch 2, 2000 ms then 4000 ms apart (Q §8: 2000 × 2^n)
    const batch2 = ai.log.filter((l) => l.kind === 'batch' && l.prompt.includes(last)).map((l) => l.at);
    expect(batch2).toHaveLength(3);
    expect(batch2[1]! - batch2[0]!).toBeGreaterThanOrEqual(2000);
    expect(batch2[2]! - batch2[1]!).toBeGreaterThanOrEqual(4000);
    // exceptions for the single option: 4 attempts (3 retries), 2000, 4000, 6000 ms apart (2000 × n)
    const single = ai.log
      .filter((l) => l.kind === 'attributeInfo' && l.prompt.includes(`옵션: ${last}`))
      .map((l) => l.at);
    expect(single).toHaveLength(4);
    expect(single.slice(1).map((t, i) => t - single[i]!)).toEqual([2000, 4000, 6000]);
    expect(r.outcome.message).toMatchObject({ ko: '등록 정보 생성 완료 (총 12개, 성공: 11, 실패: 1)' });

    // reprocess: only the failed option's document is asked for again
    const again = scriptQuotationAi(h.fake);
    const before = (await product(c, id)).coupangDoc.jsonDocument[0];
    const rr = await runTask(h, c, id, { mode: { kind: 'failed' } });
    expect(rr.outcome).toMatchObject({ status: 'completed', result: 'completed' });
    const batches = again.log.filter((l) => l.kind === 'batch');
    expect(batches).toHaveLength(1);
    expect(batches[0]!.prompt).toContain(last);
    expect(batches[0]!.prompt).not.toContain(p.options[0]!.optionNumber);
    const after = await product(c, id);
    expect(after.quotationStatus).toBe('completed');
    expect(after.processError ?? null).toBeNull();
    expect(after.options.every((o) => o.quotationStatus === 'completed')).toBe(true);
    expect(after.coupangDoc.jsonDocument[0]).toEqual(before);
    expect(after.quotation.options).toHaveLength(12);
    // nothing left to reprocess
    const none = await runTask(h, c, id, { mode: { kind: 'failed' } });
    expect(none.outcome).toMatchObject({ status: 'error', message: { en: 'no options to reprocess' } });
  });

  it('every option fails → error with every option in failedOptions', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, { ...TSHIRT, first: ['白色'], second: ['S', 'M'] });
    scriptQuotationAi(h.fake, (_p, kind) =>
      kind === 'batch' || kind === 'attributeInfo'
        ? { text: '```json\n{"options": "not a list"}\n```' }
        : undefined,
    );
    const r = await runTask(h, c, id, { pauseScale: 0 });
    expect(r.outcome).toMatchObject({ status: 'error', result: 'error' });
    const p = await product(c, id);
    expect(p.quotationStatus).toBe('error');
    expect(p.processError?.failedOptions).toEqual(p.options.map((o) => o.optionNumber));
    expect(p.processError?.message).toBe('등록 정보 처리 중 오류가 발생했습니다.');
    expect(p.processError?.error).toContain('응답 파싱에 실패했습니다.');
  });

  it('schema analysis fails (empty) → every option processed on its own, completed', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, { ...TSHIRT, second: ['S', 'M'] });
    const ai = scriptQuotationAi(h.fake, (_p, kind) =>
      kind === 'analyze' ? { text: 'Here it is: {"common": [], "differentiated": []}' } : undefined,
    );
    const r = await runTask(h, c, id, { pauseScale: 0 });
    expect(r.outcome).toMatchObject({
      status: 'completed',
      result: 'completed',
      message: { en: 'Schema analysis failed: processed option by option' },
    });
    expect(ai.counts.get('analyze')).toBe(1); // a well-formed but empty answer: no retry, straight to the fallback
    expect(ai.counts.get('attributeInfo')).toBe(6);
    expect(ai.counts.get('batch')).toBeUndefined();
    const p = await product(c, id);
    expect(p.quotationStatus).toBe('completed');
    expect(containsCjk(p.coupangDoc.jsonDocument)).toBe(false);
    expect(p.coupangDoc.jsonDocument[1]!.productPage?.commonAttributes?.exposedAttributes?.[1]).toEqual({
      attributeName: '사이즈',
      attributeValue: 'M',
    });
  });

  it('answers with fences, prose, wrong shapes and wrong counts: parsed when possible, retried with the waits', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, { ...TSHIRT, first: ['白色'], second: ['S', 'M'] });
    const ai = scriptQuotationAi(h.fake, (_prompt, kind, nth) => {
      if (kind !== 'batch') return undefined;
      if (nth === 1) return { text: JSON.stringify({ options: [{ optionNumber: 'X', attributes: [] }] }) }; // wrong count
      if (nth === 2) return { text: '' }; // missing
      return undefined;
    });
    const r = await runTask(h, c, id);
    expect(r.outcome).toMatchObject({ status: 'completed' });
    const batch = ai.log.filter((l) => l.kind === 'batch').map((l) => l.at);
    expect(batch).toHaveLength(3);
    expect(batch[1]! - batch[0]!).toBeGreaterThanOrEqual(2000);
    expect(batch[2]! - batch[1]!).toBeGreaterThanOrEqual(4000);
    // fenced and wrapped in prose: read as it is, no retry
    const fenced = scriptQuotationAi(h.fake, (prompt, kind) => {
      if (kind !== 'batch') return undefined;
      return { text: `물론입니다!\n\`\`\`json\n${JSON.stringify(goodAnswer(prompt))}\n\`\`\`\n감사합니다.` };
    });
    const r2 = await runTask(h, c, id);
    expect(r2.outcome).toMatchObject({ status: 'completed' });
    expect(fenced.counts.get('batch')).toBe(1);
  });
});

describe('quotation: options a buyer cannot tell apart → split', () => {
  const COLLIDING = {
    productName: '纯棉短袖T恤 小号大号',
    axes: ['颜色', '规格'] as [string, string],
    first: ['白色', '黑色', '灰色'],
    second: ['小号', '大号'],
    category: 79382,
  };

  it('splits by the detected attribute: names, registrationIds, option numbers; the event once', async () => {
    const c = geminiSeller(h);
    // Issue 41: the sales links of the moved options are asked to follow them, once the split is written.
    const followed: { companyId: string; splitProducts: string[] }[] = [];
    let base = '';
    c.deps = {
      ...c.deps,
      salesLinks: {
        follow: async (companyId) => {
          followed.push({
            companyId,
            splitProducts: await c.products.registrationIdsWithPrefix(companyId, base),
          });
        },
      },
    };
    const id = await registeredProduct(c, COLLIDING);
    const before = await product(c, id);
    base = before.registrationId;
    const ai = scriptQuotationAi(h.fake);
    const r = await runTask(h, c, id);
    expect(r.outcome, JSON.stringify(r.outcome)).toMatchObject({
      status: 'completed',
      result: 'split_completed',
    });
    expect(followed).toEqual([{ companyId: c.companyId, splitProducts: [`${base}_2`] }]);
    // 6 options in groups of 5: two detection requests, 1 s apart, the second told the first's name
    const detect = ai.log.filter((l) => l.kind === 'detect');
    expect(detect).toHaveLength(2);
    expect(detect[1]!.at - detect[0]!.at).toBeGreaterThanOrEqual(1000);
    expect(detect[1]!.prompt).toContain('추가 속성 이름은 "크기"');
    const original = await product(c, id);
    const rid = before.registrationId;
    expect(original.registrationId).toBe(rid);
    expect(original.quotationStatus).toBe('completed');
    // Q §4 (issue 42): every split product's name gets ", {value}"; the document names follow.
    expect(original.seo?.productName).toBe('여름 반팔 티셔츠, 소형');
    expect(original.coupangDoc.productName).toBe('여름 반팔 티셔츠, 소형');
    for (const d of original.coupangDoc.jsonDocument)
      expect(d.startPage?.productName).toBe('여름 반팔 티셔츠, 소형');
    expect(original.splitGroup).toMatchObject({ attributeName: '크기', value: '소형', values: ['소형'] });
    expect(original.options.map((o) => o.optionNumber)).toEqual([`${rid}001`, `${rid}002`, `${rid}003`]);
    expect(original.coupangDoc.jsonDocument).toHaveLength(3);
    const split = r.events.filter((e) => e.type === 'product-split-completed');
    expect(split).toHaveLength(1);
    expect(split[0]).toMatchObject({
      originalProductId: id,
      total: 2,
      splitProducts: [{ registrationId: `${rid}_2`, productName: '여름 반팔 티셔츠, 대형' }],
      message: { ko: '상품이 2개로 분할되었습니다: 여름 반팔 티셔츠, 대형' },
    });
    const created = await product(
      c,
      (split[0] as { splitProducts: { _id: string }[] }).splitProducts[0]!._id,
    );
    expect(created.registrationId).toBe(`${rid}_2`);
    expect(created.seo?.productName).toBe('여름 반팔 티셔츠, 대형');
    expect(created.coupangDoc.productName).toBe('여름 반팔 티셔츠, 대형');
    expect(created.options.map((o) => o.optionNumber)).toEqual([`${rid}_2001`, `${rid}_2002`, `${rid}_2003`]);
    expect(created.quotationStatus).toBe('completed');
    expect(
      created.coupangDoc.jsonDocument.map(
        (d) => d.productPage?.commonAttributes?.exposedAttributes?.[0]?.attributeValue,
      ),
    ).toEqual(['흰색', '검정', '회색']);
    expect(created.completeness).toBe(100);
  });

  it('a split product that is still ambiguous is split again', async () => {
    const c = geminiSeller(h);
    // The sales links' follow failing does not fail the split (the next sales sync repairs them).
    c.deps = {
      ...c.deps,
      salesLinks: {
        follow: async () => {
          throw new Error('sales links are down');
        },
      },
    };
    const id = await registeredProduct(c, { ...COLLIDING, first: ['白色', '黑色'] });
    const rid = (await product(c, id)).registrationId;
    scriptQuotationAi(h.fake, (prompt, kind, nth) => {
      if (kind === 'batch') {
        // a model that calls every colour 흰색: all four options look the same
        const answer = goodAnswer(prompt) as { options: { attributes: { name: string; value: string }[] }[] };
        for (const o of answer.options) for (const a of o.attributes) if (a.name === '색상') a.value = '흰색';
        return { text: JSON.stringify(answer) };
      }
      if (kind === 'detect' && nth >= 2) {
        const lines = optionLines(prompt);
        return {
          text: JSON.stringify({
            attributeName: '색감',
            options: lines.map((o) => ({
              optionNumber: o.optionNumber,
              value: o.values.색상 === '白色' ? '밝은색' : '어두운색',
            })),
          }),
        };
      }
      return undefined;
    });
    const r = await runTask(h, c, id);
    expect(r.outcome).toMatchObject({ result: 'split_completed' });
    const split = r.events.filter((e) => e.type === 'product-split-completed');
    expect(split).toHaveLength(1);
    const products = split[0] as {
      splitProducts: { _id: string; registrationId: string; productName: string }[];
      total: number;
    };
    expect(products.total).toBe(4);
    // Each level appends its value to the name; the values are also kept as item values.
    const values: [string, string[] | undefined][] = [];
    const names = new Map<string, string>();
    for (const p of products.splitProducts as {
      _id: string;
      registrationId: string;
      productName: string;
    }[]) {
      names.set(p.registrationId, p.productName);
      values.push([p.registrationId, (await product(c, p._id)).splitGroup?.values]);
    }
    expect(values.sort()).toEqual(
      [
        [`${rid}_2`, ['대형', '밝은색']],
        [`${rid}_3`, ['소형', '어두운색']],
        [`${rid}_4`, ['대형', '어두운색']],
      ].sort(),
    );
    expect(names.get(`${rid}_2`)).toBe('여름 반팔 티셔츠, 대형, 밝은색');
    expect(names.get(`${rid}_3`)).toBe('여름 반팔 티셔츠, 소형, 어두운색');
    expect(names.get(`${rid}_4`)).toBe('여름 반팔 티셔츠, 대형, 어두운색');
    const original = await product(c, id);
    expect(original.seo?.productName).toBe('여름 반팔 티셔츠, 소형, 밝은색');
    expect(original.splitGroup?.values).toEqual(['소형', '밝은색']);
    expect(original.options).toHaveLength(1);
  });

  it('a failed save leaves the original whole and completed, and no event', async () => {
    const c = geminiSeller(h);
    const id = await registeredProduct(c, { ...COLLIDING, first: ['白色'] });
    const rid = (await product(c, id)).registrationId;
    // The store refuses the split's new product (a full disk): create writes nothing.
    const create = c.products.create;
    c.products.create = async (companyId, products, from) => {
      if (products.some((p) => p.registrationId === `${rid}_2`)) throw new Error('disk full');
      return create(companyId, products, from);
    };
    try {
      scriptQuotationAi(h.fake);
      const r = await runTask(h, c, id);
      expect(r.outcome).toMatchObject({
        status: 'completed',
        result: 'completed',
        message: { en: 'new product creation failed: server response invalid' },
      });
      expect(r.events.some((e) => e.type === 'product-split-completed')).toBe(false);
      const original = await product(c, id);
      expect(original.quotationStatus).toBe('completed');
      expect(original.options).toHaveLength(2);
      expect(original.seo?.productName).toBe('여름 반팔 티셔츠');
      expect(await c.products.registrationIdsWithPrefix(c.companyId, rid)).toEqual([]);
    } finally {
      c.products.create = create;
    }
  });
});
