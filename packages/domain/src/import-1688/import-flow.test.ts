import { describe, expect, it } from 'vitest';
import mobileText from './fixtures/1688_offer_813724060928_mobile_detail.json?raw';
import mtopText from './fixtures/1688_offer_813724060928_mtop_sku_model.json?raw';
import pcText from './fixtures/1688_offer_943009939489_window_context.json?raw';
import { groupCaptures, isLinkOnly } from './group-captures.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import { parse1688Capture } from './parse.ts';
import { mergeReimport } from './reimport.ts';
import type { SourceOffer } from './schema.ts';
import { newProductFromOffer } from './source-to-product.ts';

describe('which pasted text is only a link', () => {
  it.each([
    ['943009939489', true],
    ['943009939489.html', true],
    ['https://detail.1688.com/offer/943009939489.html', true],
    ['상품 detail.1688.com/offer/1', true],
    ['  ', false],
    ['{"offerId": 1}', false],
    ['<html>1688.com</html>', false],
    ['123', false],
  ])('%s → %s', (text, expected) => expect(isLinkOnly(text)).toBe(expected));
});

describe('grouping captures by offer', () => {
  it('reads a whole page alone and says why the unreadable failed', () => {
    const { offers, failures } = groupCaptures([
      { value: pcText, name: 'pc.json' },
      { value: 'not a capture', name: 'memo.txt' },
    ]);
    expect(offers.map((o) => [o.offer.offerId, o.inputs])).toEqual([['943009939489', ['pc.json']]]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.inputs).toEqual(['memo.txt']);
    expect(failures[0]!.reason.ko).toMatch(/1688/);
  });

  it('joins the mobile detail and the SKU model answer of one offer into one product', () => {
    const { offers, failures } = groupCaptures([
      { value: mobileText, name: 'mobile' },
      { value: mtopText, name: 'sku' },
    ]);
    expect(failures).toEqual([]);
    expect(offers).toHaveLength(1);
    expect(offers[0]!.offer.offerId).toBe('813724060928');
    expect([...offers[0]!.inputs].sort()).toEqual(['mobile', 'sku']);
    expect(offers[0]!.offer.options.length).toBeGreaterThan(0);
  });
});

describe('re-import: three-way merge against the last import', () => {
  const parsed = parse1688Capture(pcText);
  if (!parsed.ok) throw new Error('fixture refused');
  const first = parsed.offer;
  const meta = { read: first.options.length, kept: first.options.length, warnings: [], now: 'T1' };
  const product = () => newProductFromOffer(first, 'R1', (i) => `R1${String(i + 1).padStart(3, '0')}`, meta);
  const withOptions = (
    offer: SourceOffer,
    change: (o: SourceOffer['options'][number], i: number) => object,
  ) => ({
    ...offer,
    options: offer.options.map((o, i) => ({ ...o, ...change(o, i) })),
  });

  it('finds nothing to do when the offer did not change', () => {
    const merge = mergeReimport(product(), first);
    expect(merge.hasChanges).toBe(false);
    expect(merge.diff).toEqual({ changes: [], addedOptions: [], removedOptions: [] });
  });

  it("applies a source change the seller did not touch and keeps the seller's own value", () => {
    const doc = product();
    const options = doc.options as Record<string, unknown>[];
    options[1]!.stock = 7; // the seller's edit since the import
    const next = withOptions(first, (o, i) => (i <= 1 ? { stock: (o.stock ?? 0) + 100 } : {}));
    const merge = mergeReimport(doc, next);
    expect(merge.hasChanges).toBe(true);
    const stock = merge.diff.changes.filter((c) => c.field === 'stock');
    expect(stock.map((c) => [c.optionKey, c.applies])).toEqual([
      [first.options[0]!.sourceKey, true],
      [first.options[1]!.sourceKey, false],
    ]);
    const after = merge.apply(null, { ...meta, now: 'T2' });
    const afterOptions = after.options as Record<string, unknown>[];
    expect(afterOptions[0]!.stock).toBe((first.options[0]!.stock ?? 0) + 100);
    expect(afterOptions[1]!.stock).toBe(7);
    expect((after.source as { lastImportedAt: string }).lastImportedAt).toBe('T2');
  });

  it('keeps an option that left the source (marked) and numbers a new one after the last', () => {
    const [gone, ...rest] = first.options;
    const added = { ...rest[0]!, sourceKey: 'new-key', skuId: 'new-sku' };
    const merge = mergeReimport(product(), { ...first, options: [...rest, added] });
    expect(merge.diff.removedOptions).toEqual([gone!.sourceKey]);
    expect(merge.diff.addedOptions).toEqual(['new-key']);
    const after = merge.apply(null, meta);
    const options = after.options as Record<string, unknown>[];
    expect(options).toHaveLength(first.options.length + 1);
    expect(options[0]!.sourceRemoved).toBe(true);
    expect(options.at(-1)!.optionNumber).toBe(`R1${String(first.options.length + 1).padStart(3, '0')}`);
  });

  it('a re-capture that now has the description shows the detail images as a change and fills them in', () => {
    const withImages = {
      ...first,
      detailImages: [
        'https://cbu01.alicdn.com/img/ibank/d1.jpg',
        'https://cbu01.alicdn.com/img/ibank/d2.jpg',
      ],
      attributes: [...first.attributes, { name: '产地', value: '广州' }],
    };
    const merge = mergeReimport(product(), withImages);
    expect(merge.hasChanges).toBe(true);
    expect(merge.diff.changes).toEqual([
      { field: 'detailImages', optionKey: null, before: 0, after: 2, applies: true },
      {
        field: 'attributes',
        optionKey: null,
        before: first.attributes.length,
        after: first.attributes.length + 1,
        applies: true,
      },
    ]);
    const after = merge.apply(null, meta);
    expect(after.originalDetailImages).toEqual(withImages.detailImages);
    expect(after.detailImages).toEqual(withImages.detailImages);
    expect(after.attributes).toContainEqual({ attributeName: '产地', value: '广州' });
  });

  it('has the messages in both languages', () => {
    expect(IMPORT_MESSAGES.readKept(24, 20)).toEqual({
      ko: '옵션 24개를 읽고 20개를 가져왔습니다.',
      en: 'Read 24 options, kept 20.',
    });
    expect(IMPORT_MESSAGES.summary({ created: 1, refused: 1, needsCapture: 1 }).ko).toBe(
      '가져오기 결과: 새 상품 1개, 업데이트 0개, 확인 필요 0개, 변경 없음 0개, 실패 2개',
    );
  });
});
