import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import mobileText from './fixtures/1688_offer_813724060928_mobile_detail.json?raw';
import mtopText from './fixtures/1688_offer_813724060928_mtop_sku_model.json?raw';
import pcText from './fixtures/1688_offer_943009939489_window_context.json?raw';
import {
  decodeHtmlEntities,
  detectOptionNameCollisions,
  diffSourceOffers,
  fenToYuan,
  type ParseResult,
  parse1688Capture,
  parse1688Captures,
  parse1688Import,
  parseJsLiteral,
  tierPriceFen,
  yuanToFen,
} from './index.ts';

function ok(result: ParseResult | undefined): Extract<ParseResult, { ok: true }> {
  if (!result?.ok) throw new Error(`refused: ${result?.reason.key} ${result?.reason.en}`);
  return result;
}
function refusedKey(result: ParseResult): string {
  return result.ok ? 'ok' : result.reason.key;
}
// biome-ignore lint/suspicious/noExplicitAny: test edits of loosely typed captures
type Any = any;
const mtop = (): Any => JSON.parse(mtopText);
const pc = (): Any => JSON.parse(pcText);

describe('JS object literal reader', () => {
  it('reads unquoted numeric and identifier keys, single quotes, comments and trailing commas', () => {
    expect(parseJsLiteral("{1081181309101:120, a:'x', /* c */ 'b':[1,2,], // d\n c:null,}")).toEqual({
      '1081181309101': 120,
      a: 'x',
      b: [1, 2],
      c: null,
    });
  });
  it('decodes \\u, \\u{}, \\x and simple escapes', () => {
    expect(parseJsLiteral(String.raw`"\u989c\u8272&gt;\u5c3a\u7801 \x41\n\u{1F600}"`)).toBe(
      '颜色&gt;尺码 A\n😀',
    );
  });
  it('keeps long integers digit-exact as strings', () => {
    expect(parseJsLiteral('{id: 12345678901234567890, n: -1.5e2, h: 0x1F}')).toEqual({
      id: '12345678901234567890',
      n: -150,
      h: 31,
    });
  });
  it('never sets a prototype from a __proto__ key', () => {
    const v = parseJsLiteral('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(v)).toEqual(['__proto__']);
  });
  it('refuses code: calls, functions, template substitutions', () => {
    expect(() => parseJsLiteral('{a: alert(1)}')).toThrow(/function calls/);
    expect(() => parseJsLiteral('{a: function(){}}')).toThrow(/code/);
    expect(() => parseJsLiteral(['{a: `x$', '{y}`}'].join(''))).toThrow(/template/);
    expect(() => parseJsLiteral('{a: 1} + 1')).toThrow(/unexpected text/);
  });
});

describe('entities and money', () => {
  it('decodes HTML entities once', () => {
    expect(decodeHtmlEntities('颜色&gt;尺码')).toBe('颜色>尺码');
    expect(decodeHtmlEntities('a&amp;gt;b &#39;x&#x27; &quot;')).toBe("a&gt;b 'x' \"");
  });
  it('converts yuan to integer fen exactly', () => {
    expect(yuanToFen('20.50')).toBe(2050);
    expect(yuanToFen('3.6')).toBe(360);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('1.005')).toBe(101);
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('')).toBeUndefined();
    expect(yuanToFen('-1')).toBeUndefined();
    expect(fenToYuan(2050)).toBe('20.50');
  });
  it('picks the tier that applies to a quantity', () => {
    const tiers = [
      { minQuantity: 2, priceFen: 1000 },
      { minQuantity: 50, priceFen: 950 },
    ];
    expect(tierPriceFen(tiers, 1)).toBe(1000);
    expect(tierPriceFen(tiers, 49)).toBe(1000);
    expect(tierPriceFen(tiers, 50)).toBe(950);
  });
});

describe('HTML entities in SKU map keys', () => {
  it('decodes keys, specAttrs and axis names into the source key', () => {
    const r = ok(parse1688Capture(mtopText));
    expect(r.offer.options.every((o) => !o.sourceKey.includes('&gt;'))).toBe(true);
    expect(r.offer.options.map((o) => o.sourceKey)).toContain('亮黑>太阳镜 加005 盒子');
  });
  it('matches an axis value that itself contains ">"', () => {
    const c = mtop();
    const d = c.data.result.data.skuModel;
    d.skuProps[1].value = [{ name: '&lt;10cm&gt;' }, { name: 'A&gt;B' }];
    d.skuInfoMap = {
      '亮黑&gt;&lt;10cm&gt;': { skuId: 1, price: '1.00', canBookCount: 1 },
      '亮黑&gt;A&gt;B': { skuId: 2, price: '2.00', canBookCount: 1 },
    };
    const r = ok(parse1688Capture(c));
    expect(r.offer.options.map((o) => [o.sourceKey, o.values.map((v) => v.value), o.flags])).toEqual([
      ['亮黑><10cm>', ['亮黑', '<10cm>'], ['missing_weight']],
      ['亮黑>A>B', ['亮黑', 'A>B'], ['missing_weight']],
    ]);
  });
});

describe('prices that are 0 or missing', () => {
  it('are flagged with a null price, never 0, and warned about', () => {
    const c = mtop();
    const map = c.data.result.data.skuModel.skuInfoMap;
    map['亮黑&gt;太阳镜'].price = '0';
    map['亮黑&gt;太阳镜'].discountPrice = '0';
    delete map['砂黑&gt;太阳镜'].price;
    delete map['砂黑&gt;太阳镜'].discountPrice;
    map['砂灰&gt;太阳镜'].discountPrice = '3.20';
    const r = ok(parse1688Capture(c));
    const o = new Map(r.offer.options.map((x) => [x.sourceKey, x]));
    expect(o.get('亮黑>太阳镜')?.priceFen).toBeNull();
    expect(o.get('亮黑>太阳镜')?.flags).toContain('zero_price');
    expect(o.get('砂黑>太阳镜')?.priceFen).toBeNull();
    expect(o.get('砂黑>太阳镜')?.flags).toContain('missing_price');
    expect(o.get('砂灰>太阳镜')?.priceFen).toBe(320); // the discount price
    expect(o.get('砂灰>太阳镜')?.listPriceFen).toBe(360);
    expect(r.kept).toBe(6);
    expect(r.warnings.map((w) => w.key)).toEqual(expect.arrayContaining(['zero_price', 'missing_price']));
  });

  it('quantity-tier offers: tiers kept ascending, SKUs without price take the tier at the MOQ', () => {
    const c = mtop();
    const data = c.data.result.data;
    data.orderParamModel.orderParam.beginNum = 2;
    data.orderParamModel.orderParam.skuParam = {
      skuPriceType: 'rangePrice',
      skuRangePrices: [
        { price: '8.80', beginAmount: 200 },
        { price: '10.00', beginAmount: 2 },
        { price: '9.50', beginAmount: 50 },
      ],
    };
    for (const v of Object.values<Any>(data.skuModel.skuInfoMap)) {
      delete v.price;
      delete v.discountPrice;
    }
    const r = ok(parse1688Capture(c));
    expect(r.offer.priceMode).toBe('quantity_tiers');
    expect(r.offer.priceTiers).toEqual([
      { minQuantity: 2, priceFen: 1000 },
      { minQuantity: 50, priceFen: 950 },
      { minQuantity: 200, priceFen: 880 },
    ]);
    expect(r.offer.minOrderQuantity).toBe(2);
    expect(r.offer.options.every((o) => o.priceFen === 1000 && o.flags.includes('price_from_tier'))).toBe(
      true,
    );
  });
});

describe('read N / kept N', () => {
  it('a duplicate combination (same key once decoded) is kept once, with a warning', () => {
    const c = mtop();
    c.data.result.data.skuModel.skuInfoMap['亮黑>太阳镜'] = { skuId: 9, price: '9.99', canBookCount: 1 };
    const r = ok(parse1688Capture(c));
    expect(r.read).toBe(7);
    expect(r.kept).toBe(6);
    expect(r.warnings[0]?.key).toBe('read_kept_mismatch');
    expect(r.warnings[0]?.ko).toBe('옵션 7개를 읽고 6개를 가져왔습니다. 빠진 옵션을 확인해 주세요.');
    expect(r.warnings.map((w) => w.key)).toContain('duplicate_option_key');
  });
});

describe('weights', () => {
  it('fall back from pack info to skuWeight to the offer weight', () => {
    const c = pc();
    c.result.data.productPackInfo.fields.pieceWeightScale.pieceWeightScaleInfo = [
      { sku1: '黑色', sku2: 'XL（背长35cm）', weight: 110, length: 30, width: 20, height: 2 },
    ];
    const freight = c.result.global.globalData.model.detailDescription.freightInfo;
    freight.skuWeight = { '5846845077736': 0.103 };
    freight.unitWeight = 0.2;
    const r = ok(parse1688Capture(c));
    const o = new Map(r.offer.options.map((x) => [x.sourceKey, x]));
    // pack row matched by its axis names (no skuId in the row)
    expect(o.get('黑色>XL（背长35cm）')).toMatchObject({ weightG: 110, weightSource: 'pack_info' });
    expect(o.get('黑色>XL（背长35cm）')?.sizeCm).toEqual({ length: 30, width: 20, height: 2 });
    expect(o.get('黄色>XL（背长35cm）')).toMatchObject({ weightG: 103, weightSource: 'sku_weight' });
    expect(o.get('黄色>XL（背长35cm）')?.sizeCm).toBeUndefined();
    expect(o.get('黄色>2XL（背长40cm）')).toMatchObject({ weightG: 200, weightSource: 'offer' });
    expect(o.get('黄色>2XL（背长40cm）')?.flags).toContain('weight_from_offer');
    expect(r.offer.offerWeightG).toBe(200);
    expect(r.warnings.map((w) => w.key)).toContain('weight_from_offer');
  });
});

describe('refusals', () => {
  it('empty input, a link alone, unreadable text, an unknown shape', () => {
    expect(refusedKey(parse1688Capture('   '))).toBe('empty_input');
    const link = parse1688Capture('https://detail.1688.com/offer/943009939489.html');
    expect(refusedKey(link)).toBe('link_without_capture');
    if (!link.ok) expect(link.reason.ko).toContain('페이지 데이터가 필요합니다');
    expect(refusedKey(parse1688Capture('943009939489'))).toBe('link_without_capture');
    expect(refusedKey(parse1688Capture('{"a": '))).toBe('unreadable');
    expect(refusedKey(parse1688Capture('hello world'))).toBe('unreadable');
    expect(refusedKey(parse1688Capture({ foo: 1 }))).toBe('unknown_format');
    expect(refusedKey(parse1688Capture(null))).toBe('empty_input');
  });
  it('a failed mtop answer', () => {
    const r = parse1688Capture({ ret: ['FAIL_SYS_TOKEN_EXOIRED::令牌过期'], data: {} });
    expect(refusedKey(r)).toBe('api_failure');
    if (!r.ok) expect(r.reason.en).toContain('FAIL_SYS_TOKEN_EXOIRED');
  });
  it('no title', () => {
    const c = mtop();
    delete c.data.result.data.offerBaseInfo.title;
    const r = parse1688Capture(c);
    expect(refusedKey(r)).toBe('no_title');
    if (!r.ok) expect(r.reason.ko).toContain('상품명이 없어');
    // …but combined with the page data it works
    expect(ok(parse1688Captures([c, mobileText])).offer.title).toBe(
      '太阳眼镜木纹腿男女复古墨镜高级感潮遮阳防紫外线太阳镜复古墨镜',
    );
  });
  it('no SKUs', () => {
    const c = pc();
    c.result.data.Root.fields.dataJson.skuModel.skuInfoMap = {};
    c.result.global.globalData.model.tradeModel.skuMap = [];
    expect(refusedKey(parse1688Capture(c))).toBe('no_skus');
  });
  it('captures of two different offers', () => {
    const r = parse1688Captures([pcText, mtopText]);
    expect(refusedKey(r)).toBe('offer_mismatch');
    if (!r.ok) expect(r.reason.en).toContain('943009939489, 813724060928');
  });
  it('a description page alone', () => {
    expect(
      refusedKey(
        parse1688Capture('var offer_details={"content":"<img src=\\"https://img.alicdn.com/a.jpg\\">"};'),
      ),
    ).toBe('description_only');
  });
  it('own JSON that breaks the format, with the path of the problem', () => {
    const r = parse1688Capture({ offerId: '1', title: 'x', options: [{ values: ['红'], price: 'abc' }] });
    expect(refusedKey(r)).toBe('invalid_own_json');
    if (!r.ok) expect(r.reason.en).toContain('options.0.price');
  });
});

describe('description (detail) images', () => {
  const own = (html: string) => ({
    offerId: '1',
    title: '测试',
    options: [{ values: ['红'], price: '1.00', stock: 1 }],
    descriptionHtml: html,
  });
  it('takes data-src before src, alicdn only, at most 40', () => {
    const imgs = Array.from(
      { length: 45 },
      (_, i) =>
        `<img src="https://img.alicdn.com/spaceball.gif" data-src="//cbu01.alicdn.com/img/ibank/d${i}.jpg">`,
    ).join('');
    const r = ok(parse1688Capture(own(`<p>${imgs}<img src="https://evil.example.com/x.jpg"></p>`)));
    expect(r.offer.detailImages).toHaveLength(40);
    expect(r.offer.detailImages[0]).toBe('https://cbu01.alicdn.com/img/ibank/d0.jpg');
    expect(r.warnings.map((w) => w.key)).toEqual(
      expect.arrayContaining(['detail_images_capped', 'non_alicdn_images_dropped']),
    );
  });
  it('keeps page order, makes //… https, drops 1×1 spacers and repeats', () => {
    const html = [
      '<p><img src="//cbu01.alicdn.com/img/ibank/a.jpg" width="750"></p>',
      '<img src="https://img.alicdn.com/tps/i1/T1BGqEXXXXXXXXXXXX-1-1.gif">',
      '<img width="1" height="1" src="https://cbu01.alicdn.com/img/ibank/pixel.jpg">',
      "<img data-src='http://cbu01.alicdn.com/img/ibank/b.jpg' src='https://img.alicdn.com/spaceball.gif'>",
      '<img src="https://cbu01.alicdn.com/img/ibank/a.jpg">',
      '<img src="https://cbu01.alicdn.com/img/ibank/c.png" height="1px" width="600">',
    ].join('\n');
    const r = ok(parse1688Capture(own(html)));
    expect(r.offer.detailImages).toEqual([
      'https://cbu01.alicdn.com/img/ibank/a.jpg',
      'https://cbu01.alicdn.com/img/ibank/b.jpg',
      'https://cbu01.alicdn.com/img/ibank/c.png',
    ]);
  });
  it('merges the description page (offer_details) with the page capture', () => {
    const page =
      'var offer_details={"content":"<p><img data-src=\\"https://cbu01.alicdn.com/img/ibank/x.jpg\\"/></p>"};';
    const r = ok(parse1688Captures([pcText, page]));
    expect(r.offer.detailImages).toEqual(['https://cbu01.alicdn.com/img/ibank/x.jpg']);
  });
});

describe('own JSON format', () => {
  const offer = (id: string) => ({
    format: 'rr-1688-offer/1',
    offerId: id,
    title: '硅胶折叠水杯',
    unit: '个',
    mainImages: ['https://cbu01.alicdn.com/img/ibank/cup-1.jpg'],
    detailImages: ['https://cbu01.alicdn.com/img/ibank/cup-d1.jpg'],
    attributes: [
      { name: '材质', value: '硅胶' },
      { name: '装箱数', value: '100' },
      { name: '箱规', value: '50*40*30' },
    ],
    axes: [
      {
        name: '颜色',
        values: [{ name: '蓝色', imageUrl: 'https://cbu01.alicdn.com/img/ibank/blue.jpg' }, '粉色'],
      },
      { name: '容量', values: ['350ml', '500ml'] },
    ],
    options: [
      { values: ['蓝色', '350ml'], price: '6.80', stock: 100, skuId: '111', weightG: 95 },
      {
        values: ['蓝色', '500ml'],
        price: 7.5,
        stock: 80,
        weightG: 120,
        sizeCm: { length: 9, width: 9, height: 4 },
      },
      { key: '粉色>350ml', price: '6.80', stock: 0 },
    ],
    minOrderQuantity: 3,
    offerWeightG: 150,
  });

  it('parses one offer, packing rows removed, weights and prices as given', () => {
    const r = ok(parse1688Capture(JSON.stringify(offer('700000000001'))));
    expect(r.offer.sourceFormat).toBe('own-json');
    expect(r.offer.attributes).toEqual([{ name: '材质', value: '硅胶' }]);
    expect(r.offer.options.map((o) => [o.sourceKey, o.priceFen, o.stock, o.weightG ?? null])).toEqual([
      ['蓝色>350ml', 680, 100, 95],
      ['蓝色>500ml', 750, 80, 120],
      ['粉色>350ml', 680, 0, 150],
    ]);
    expect(r.offer.options[0]?.imageUrl).toBe('https://cbu01.alicdn.com/img/ibank/blue.jpg');
    expect(r.offer.options[2]?.flags).toEqual(['weight_from_offer']);
    expect(r.offer.minOrderQuantity).toBe(3);
    expect(r.offer.detailImages).toHaveLength(1);
  });

  it('many offers at once; one bad entry does not refuse the others', () => {
    const results = parse1688Import(
      JSON.stringify([offer('700000000001'), { title: 'broken' }, offer('700000000002')]),
    );
    expect(results.map((r) => (r.ok ? r.offer.offerId : r.reason.key))).toEqual([
      '700000000001',
      'invalid_own_json',
      '700000000002',
    ]);
    expect(parse1688Import({ offers: [offer('1'), offer('2')] })).toHaveLength(2);
    expect(refusedKey(parse1688Capture([offer('1'), offer('2')]))).toBe('multiple_offers');
    expect(ok(parse1688Capture([offer('1')])).offer.offerId).toBe('1');
  });

  it('parse1688Import also takes a single capture', () => {
    const results = parse1688Import(pcText);
    expect(results).toHaveLength(1);
    expect(ok(results[0]).kept).toBe(6);
  });
});

describe('property: every SKU map combination becomes exactly one option', () => {
  const valueName = fc
    .string({
      unit: fc.constantFrom('红', '蓝', 'X', 'L', '1', '2', ' ', '色', '&', '<', '>', '码'),
      minLength: 1,
      maxLength: 4,
    })
    .filter((s) => s.trim() === s && s !== '');
  const axesArb = fc.array(fc.uniqueArray(valueName, { minLength: 1, maxLength: 4 }), {
    minLength: 1,
    maxLength: 3,
  });
  const encode = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

  it('holds for random axes and values (keys entity-encoded as on the page)', () => {
    fc.assert(
      fc.property(axesArb, fc.nat(), (axisValues, seed) => {
        const combos: string[][] = axisValues.reduce<string[][]>(
          (acc, values) => acc.flatMap((prefix) => values.map((v) => [...prefix, v])),
          [[]],
        );
        const skuInfoMap: Record<string, unknown> = {};
        combos.forEach((combo, i) => {
          const key = combo.map(encode).join('&gt;');
          skuInfoMap[key] = {
            skuId: 1000 + i,
            specAttrs: key,
            price: `${(seed + i) % 50}.${i % 10}0`,
            canBookCount: i,
          };
        });
        const capture = {
          ret: ['SUCCESS::调用成功'],
          data: {
            result: {
              data: {
                offerBaseInfo: { offerId: 123456, title: '随机商品', offerUnit: '件' },
                skuModel: {
                  skuProps: axisValues.map((values, a) => ({
                    prop: `属性${a}`,
                    value: values.map((name) => ({ name: encode(name) })),
                  })),
                  skuInfoMap,
                },
                orderParamModel: { orderParam: { beginNum: 1, skuParam: { skuPriceType: 'skuPrice' } } },
              },
            },
          },
        };
        const r = parse1688Capture(capture);
        if (!r.ok) return false;
        const keys = r.offer.options.map((o) => o.sourceKey);
        const expected = combos.map((c) => c.join('>'));
        expect(r.read).toBe(combos.length);
        expect(r.kept).toBe(combos.length);
        expect(new Set(keys).size).toBe(keys.length);
        expect([...keys].sort()).toEqual([...expected].sort());
        for (const o of r.offer.options) {
          const combo = combos[Number(o.skuId) - 1000] as string[];
          expect(o.sourceKey).toBe(combo.join('>'));
          expect(o.values.map((v) => v.value)).toEqual(combo);
          expect(o.priceFen === null ? o.flags.includes('zero_price') : o.priceFen > 0).toBe(true);
        }
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe('re-import diff', () => {
  it('shows price and stock changes, options added and gone, and a title change', () => {
    const before = ok(parse1688Capture(pcText)).offer;
    const c = pc();
    const dataJson = c.result.data.Root.fields.dataJson;
    dataJson.tempModel.offerTitle = '新标题';
    const map = dataJson.skuModel.skuInfoMap;
    map['黄色&gt;XL（背长35cm）'].discountPrice = '19.90';
    map['黄色&gt;XL（背长35cm）'].canBookCount = 10;
    delete map['黑色&gt;3XL（背长45cm）'];
    map['米色&gt;XL（背长35cm）'] = { skuId: 5846845077799, price: '21.00', canBookCount: 5 };
    const after = ok(parse1688Capture(c)).offer;
    const d = diffSourceOffers(before, after);
    expect(d.hasChanges).toBe(true);
    expect(d.title).toEqual({
      from: '跨境中大型犬边牧拉布拉多柴犬四脚衣冲锋衣防水防风狗狗衣服雨衣',
      to: '新标题',
    });
    expect(d.priceChanges).toEqual([{ sourceKey: '黄色>XL（背长35cm）', fromFen: 2050, toFen: 1990 }]);
    expect(d.stockChanges).toEqual([{ sourceKey: '黄色>XL（背长35cm）', from: 494, to: 10 }]);
    expect(d.added.map((o) => o.sourceKey)).toEqual(['米色>XL（背长35cm）']);
    expect(d.added[0]?.weightG).toBe(500); // from skuWeight 0.5 kg
    expect(d.removed.map((o) => o.sourceKey)).toEqual(['黑色>3XL（背长45cm）']);
    expect(d.unchanged).toBe(4);
    expect(d.changes).toContainEqual({
      field: 'priceFen',
      sourceKey: '黄色>XL（背长35cm）',
      before: 2050,
      after: 1990,
    });
    expect(d.changes[0]).toEqual({ field: 'title', sourceKey: null, before: before.title, after: '新标题' });
  });

  it('same capture twice: no changes', () => {
    const a = ok(parse1688Capture(pcText)).offer;
    const d = diffSourceOffers(a, ok(parse1688Capture(pcText)).offer);
    expect(d.hasChanges).toBe(false);
    expect(d.unchanged).toBe(6);
    expect(d.changes).toEqual([]);
  });
});

describe('option name collisions after translation', () => {
  it('are flagged, never merged', () => {
    const offer = ok(parse1688Capture(mtopText)).offer;
    const names = {
      '亮黑>太阳镜': '블랙 선글라스',
      '砂黑>太阳镜': '블랙  선글라스 ', // collides after normalisation
      '砂灰>太阳镜': '그레이 선글라스',
    };
    const r = detectOptionNameCollisions(offer.options, names);
    expect(r.options).toHaveLength(6);
    expect(r.collisions).toEqual([{ name: '블랙 선글라스', sourceKeys: ['亮黑>太阳镜', '砂黑>太阳镜'] }]);
    const flagged = r.options.filter((o) => o.flags.includes('name_collision')).map((o) => o.sourceKey);
    expect(flagged).toEqual(['亮黑>太阳镜', '砂黑>太阳镜']);
    // resolved names drop the flag again
    const again = detectOptionNameCollisions(r.options, new Map([['砂黑>太阳镜', '매트 블랙 선글라스']]));
    expect(again.collisions).toEqual([]);
    expect(again.options.some((o) => o.flags.includes('name_collision'))).toBe(false);
  });
});
