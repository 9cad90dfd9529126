import { describe, expect, it } from 'vitest';
import initDataText from './fixtures/1688_offer_597090034012_pc_init_data.json?raw';
import mobileText from './fixtures/1688_offer_813724060928_mobile_detail.json?raw';
import mtopText from './fixtures/1688_offer_813724060928_mtop_sku_model.json?raw';
import publicText from './fixtures/1688_offer_813724060928_public_sku_model.json?raw';
import initDataNoSkuText from './fixtures/1688_offer_833454967766_pc_init_data_no_sku.json?raw';
import pcText from './fixtures/1688_offer_943009939489_window_context.json?raw';
import pcRawScript from './fixtures/1688_offer_943009939489_window_context.raw-script.txt?raw';
import { type ParseResult, parse1688Capture, parse1688Captures, type SourceOffer } from './index.ts';

// Every expected value below was read by hand from the fixture files, not computed.

function ok(result: ParseResult): Extract<ParseResult, { ok: true }> {
  if (!result.ok) throw new Error(`refused: ${result.reason.key} ${result.reason.en}`);
  return result;
}
const byKey = (offer: SourceOffer) => new Map(offer.options.map((o) => [o.sourceKey, o]));

describe('PC page window.context (offer 943009939489)', () => {
  const result = ok(parse1688Capture(pcText));
  const offer = result.offer;

  it('reads the offer fields', () => {
    expect(offer.offerId).toBe('943009939489');
    expect(offer.title).toBe('跨境中大型犬边牧拉布拉多柴犬四脚衣冲锋衣防水防风狗狗衣服雨衣');
    expect(offer.unit).toBe('件');
    expect(offer.sourceFormat).toBe('pc-window-context');
    expect(offer.mainImages).toEqual(['https://cbu01.alicdn.com/img/ibank/PLACEHOLDER-0-cib.jpg']);
    expect(offer.detailImages).toHaveLength(0);
    expect(offer.detailUrl).toBeNull();
    expect(offer.attributes).toEqual([
      { name: '材质', value: '涤纶' },
      { name: '品牌', value: '无' },
      { name: '产品类别', value: '雨衣' },
      { name: '风格', value: '休闲风' },
    ]);
  });

  it('reads the axes with their values and images', () => {
    expect(offer.skuAxes.map((a) => a.name)).toEqual(['颜色', '尺码']);
    expect(offer.skuAxes[0]?.values.map((v) => v.name)).toEqual(['黑色', '米色', '黄色']);
    expect(
      offer.skuAxes[0]?.values.every(
        (v) => v.imageUrl === 'https://cbu01.alicdn.com/img/ibank/PLACEHOLDER-0-cib.jpg',
      ),
    ).toBe(true);
    expect(offer.skuAxes[1]?.values).toHaveLength(8);
    expect(offer.skuAxes[1]?.values[7]).toEqual({ name: '8XL（背长72cm）' });
  });

  it('keeps every colour × size SKU with its own price, stock, ids, weight and size', () => {
    expect(result.read).toBe(6);
    expect(result.kept).toBe(6);
    expect(result.warnings).toEqual([]);
    expect(offer.options.map((o) => o.sourceKey)).toEqual([
      '黑色>XL（背长35cm）',
      '黑色>2XL（背长40cm）',
      '黑色>3XL（背长45cm）',
      '黄色>XL（背长35cm）',
      '黄色>2XL（背长40cm）',
      '黄色>3XL（背长45cm）',
    ]);
    const o = byKey(offer);
    const expected: [string, number, number, string, string, number, [number, number, number]][] = [
      [
        '黑色>XL（背长35cm）',
        2050,
        491,
        '5846845077720',
        'f1ed4c11f38d334978b1d55866a203dd',
        103,
        [22, 20, 1],
      ],
      [
        '黑色>2XL（背长40cm）',
        2350,
        492,
        '5846845077721',
        '3b92529ea783f9359fbd6932431e48ef',
        120,
        [22, 20, 1],
      ],
      [
        '黑色>3XL（背长45cm）',
        2650,
        465,
        '5846845077722',
        '7f41dc699d27914d6995d9b6d00fec5c',
        133,
        [22, 20, 1.5],
      ],
      [
        '黄色>XL（背长35cm）',
        2050,
        494,
        '5846845077736',
        'c1cfc7e185779cd5b5a62cc5d8fbcb1d',
        103,
        [22, 20, 1],
      ],
      [
        '黄色>2XL（背长40cm）',
        2350,
        482,
        '5846845077737',
        '29becccac1ddc77bd5023e10550a832b',
        120,
        [22, 20, 1],
      ],
      [
        '黄色>3XL（背长45cm）',
        2650,
        482,
        '5846845077738',
        '0a88ba05a92dbe0b28131b4c0647d331',
        133,
        [22, 20, 1.5],
      ],
    ];
    for (const [key, price, stock, skuId, specId, weight, [length, width, height]] of expected) {
      const option = o.get(key);
      expect(option, key).toBeDefined();
      expect(option?.priceFen).toBe(price);
      expect(option?.stock).toBe(stock);
      expect(option?.skuId).toBe(skuId);
      expect(option?.specId).toBe(specId);
      expect(option?.weightG).toBe(weight);
      expect(option?.weightSource).toBe('pack_info');
      expect(option?.sizeCm).toEqual({ length, width, height });
      expect(option?.flags).toEqual([]);
    }
    expect(o.get('黄色>XL（背长35cm）')?.values).toEqual([
      { axis: '颜色', value: '黄色' },
      { axis: '尺码', value: 'XL（背长35cm）' },
    ]);
  });

  it('never gives a colour the maximum of its sizes’ prices', () => {
    const black = offer.options.filter((o) => o.sourceKey.startsWith('黑色>')).map((o) => o.priceFen);
    expect(black).toEqual([2050, 2350, 2650]);
  });

  it('per-SKU pricing has no quantity tiers; MOQ 1; offer weight 0 means none', () => {
    expect(offer.priceMode).toBe('per_sku');
    expect(offer.priceTiers).toEqual([]);
    expect(offer.minOrderQuantity).toBe(1);
    expect(offer.offerWeightG).toBeNull();
  });
});

describe('PC page as raw page script', () => {
  it('reads the IIFE argument with unquoted numeric keys, \\u escapes and entities to the same offer', () => {
    expect(pcRawScript).toContain('5846845077736:0.103');
    expect(pcRawScript).toContain('\\u9ec4\\u8272&gt;XL');
    const fromScript = ok(parse1688Capture(pcRawScript));
    const fromJson = ok(parse1688Capture(pcText));
    expect(fromScript).toEqual(fromJson);
    expect(fromScript.offer.options[0]?.sourceKey).toBe('黑色>XL（背长35cm）');
  });

  it('reads it inside a whole HTML page', () => {
    const page = `<!DOCTYPE html><html><head><title>1688</title><script>var x = "a}b"; /* ) */</script>\n<script>${pcRawScript}</script></head><body></body></html>`;
    expect(ok(parse1688Capture(page)).offer.options).toHaveLength(6);
  });

  it('uses skuWeight (kg, unquoted numeric keys) when the pack info is missing', () => {
    const script = `window.context = (function(a,b){return b;})(x, {result:{data:{Root:{fields:{dataJson:{
      tempModel:{offerId:943009939489, offerTitle:'\\u72d7\\u96e8\\u8863', offerUnit:'\\u4ef6'},
      skuModel:{skuProps:[{prop:'\\u989c\\u8272', value:[{name:'\\u9ed1\\u8272'}]},{prop:'\\u5c3a\\u7801',value:[{name:'XL'},{name:'2XL'}]}],
        skuInfoMap:{'\\u9ed1\\u8272&gt;XL':{skuId:5846845077720,price:'20.50',canBookCount:491},
                    '\\u9ed1\\u8272&gt;2XL':{skuId:5846845077721,price:'23.50',canBookCount:492},}},
      orderParamModel:{orderParam:{beginNum:2,skuParam:{skuPriceType:'skuPrice',skuRangePrices:[{price:'20.50',beginAmount:2}]}}}}}}},
      global:{globalData:{model:{detailDescription:{freightInfo:{unitWeight:0.5,skuWeight:{5846845077720:0.103,5846845077721:0.12}}}}}}}});`;
    const r = ok(parse1688Capture(script));
    const o = byKey(r.offer);
    expect(r.offer.title).toBe('狗雨衣');
    expect(o.get('黑色>XL')?.weightG).toBe(103);
    expect(o.get('黑色>2XL')?.weightG).toBe(120);
    expect(o.get('黑色>2XL')?.weightSource).toBe('sku_weight');
    expect(r.offer.offerWeightG).toBe(500);
    expect(r.offer.minOrderQuantity).toBe(2);
  });
});

describe('mtop SKU model (offer 813724060928)', () => {
  const result = ok(parse1688Capture(mtopText));
  const offer = result.offer;

  it('reads title, unit, axes and all six options with their own prices and stock', () => {
    expect(offer.sourceFormat).toBe('mtop-sku-model');
    expect(offer.offerId).toBe('813724060928');
    expect(offer.title).toBe('太阳眼镜木纹腿男女复古墨镜高级感潮遮阳防紫外线太阳镜复古墨镜');
    expect(offer.unit).toBe('副');
    expect(offer.skuAxes.map((a) => [a.name, a.values.map((v) => v.name)])).toEqual([
      ['颜色', ['亮黑', '砂黑', '砂灰']],
      ['尺码', ['太阳镜', '太阳镜 加005 盒子']],
    ]);
    expect(result.read).toBe(6);
    expect(result.kept).toBe(6);
    const o = byKey(offer);
    const expected: [string, number, number, string, string][] = [
      ['亮黑>太阳镜', 360, 5623, '5627721589405', 'cd192433c01ff37bf63107ead4592b6e'],
      ['亮黑>太阳镜 加005 盒子', 550, 6621, '5627721589406', '627ef33233d0264a01d55681868c0435'],
      ['砂黑>太阳镜', 360, 5697, '5627721589409', '457888d1bf212cd71ab2c508c5de8f97'],
      ['砂黑>太阳镜 加005 盒子', 550, 6605, '5627721589410', 'db4496e23795340c14a46bd6b8e1580f'],
      ['砂灰>太阳镜', 360, 5472, '5627721589407', '89ea5b4c5b44e81ba58d97c02b1a7217'],
      ['砂灰>太阳镜 加005 盒子', 550, 6360, '5627721589408', '0fc82e459658978164149daa976efe2e'],
    ];
    expect(offer.options.map((x) => x.sourceKey)).toEqual(expected.map((e) => e[0]));
    for (const [key, price, stock, skuId, specId] of expected) {
      expect(o.get(key)?.priceFen, key).toBe(price);
      expect(o.get(key)?.stock, key).toBe(stock);
      expect(o.get(key)?.skuId, key).toBe(skuId);
      expect(o.get(key)?.specId, key).toBe(specId);
    }
    expect(o.get('砂黑>太阳镜')?.imageUrl).toBe(
      'https://cbu01.alicdn.com/img/ibank/O1CN01TtNmQm1zwNVImXkd9_!!2207622276778-0-cib.jpg',
    );
  });

  it('has no images, no tiers, MOQ 1 and no weights (flagged, with a warning)', () => {
    expect(offer.mainImages).toHaveLength(0);
    expect(offer.detailImages).toHaveLength(0);
    expect(offer.priceTiers).toEqual([]);
    expect(offer.minOrderQuantity).toBe(1);
    expect(offer.offerWeightG).toBeNull();
    expect(offer.options.every((o) => o.weightG === undefined && o.flags.includes('missing_weight'))).toBe(
      true,
    );
    expect(result.warnings.map((w) => w.key)).toEqual(['missing_weight']);
  });
});

describe('public SKU model (offer 813724060928)', () => {
  it('reads the logged-out variant: price only, no spec ids, one picture', () => {
    const r = ok(parse1688Capture(publicText));
    expect(r.offer.sourceFormat).toBe('public-sku-model');
    expect(r.kept).toBe(6);
    expect(r.offer.mainImages).toEqual([
      'https://cbu01.alicdn.com/img/ibank/O1CN01koPXJ91zwNVJZ3ypz_!!2207622276778-0-cib.jpg',
    ]);
    const o = byKey(r.offer);
    expect(o.get('砂灰>太阳镜 加005 盒子')?.stock).toBe(6359);
    expect(o.get('砂灰>太阳镜 加005 盒子')?.priceFen).toBe(550);
    expect(o.get('亮黑>太阳镜')?.priceFen).toBe(360);
    expect(o.get('亮黑>太阳镜')?.specId).toBeNull();
    expect(r.offer.minOrderQuantity).toBe(1);
    expect(r.offer.priceTiers).toEqual([]);
  });
});

describe('mobile detail (offer 813724060928)', () => {
  it('alone has no SKUs: refused with the reason', () => {
    const r = parse1688Capture(mobileText);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason.key).toBe('no_skus');
      expect(r.reason.ko).toContain('SKU 모델');
    }
  });

  it('merged with the mtop SKU model: title, 5 images, 24 attributes, detail URL and 6 priced options', () => {
    const r = ok(parse1688Captures([mobileText, mtopText]));
    const offer = r.offer;
    expect(offer.sourceFormat).toBe('mtop-sku-model');
    expect(offer.sourceFormats).toEqual(['mobile-detail', 'mtop-sku-model']);
    expect(offer.title).toBe('太阳眼镜木纹腿男女复古墨镜高级感潮遮阳防紫外线太阳镜复古墨镜');
    expect(offer.unit).toBe('副');
    expect(offer.mainImages).toHaveLength(5);
    expect(offer.mainImages[0]).toBe(
      'https://cbu01.alicdn.com/img/ibank/O1CN01koPXJ91zwNVJZ3ypz_!!2207622276778-0-cib.jpg',
    );
    expect(offer.detailUrl).toBe(
      'https://air.1688.com/pages/od/app-desc/d7p56fw2w/index.html?url=https://itemcdn.tmall.com/1688offer/icoss408069340609b43d7bb2518916&offerId=813724060928',
    );
    expect(offer.attributes).toHaveLength(24);
    expect(offer.attributes[0]).toEqual({ name: '是否偏光', value: '否' });
    expect(offer.attributes).toContainEqual({ name: '产地', value: '台州' });
    expect(r.read).toBe(6);
    expect(r.kept).toBe(6);
    expect(byKey(offer).get('砂灰>太阳镜 加005 盒子')?.stock).toBe(6360);
    expect(byKey(offer).get('砂灰>太阳镜')?.priceFen).toBe(360);
  });

  it('merged with the public SKU model: the picture is not counted twice', () => {
    const r = ok(parse1688Captures([mobileText, publicText]));
    expect(r.offer.mainImages).toHaveLength(5);
    expect(r.offer.sourceFormat).toBe('public-sku-model');
    expect(byKey(r.offer).get('砂灰>太阳镜 加005 盒子')?.stock).toBe(6359);
  });

  it('public + mtop: the mtop answer (richer) gives the SKUs; fields it lacks are filled by key', () => {
    const r = ok(parse1688Captures([publicText, mtopText]));
    expect(r.offer.sourceFormat).toBe('mtop-sku-model');
    expect(byKey(r.offer).get('砂灰>太阳镜 加005 盒子')?.stock).toBe(6360);
    expect(byKey(r.offer).get('亮黑>太阳镜')?.specId).toBe('cd192433c01ff37bf63107ead4592b6e');
  });

  it('accepts parsed objects as well as text', () => {
    const r = ok(parse1688Captures([JSON.parse(mobileText), JSON.parse(mtopText)]));
    expect(r.kept).toBe(6);
  });
});

describe('2024 PC page window.__INIT_DATA (offer 597090034012)', () => {
  const result = ok(parse1688Capture(initDataText));
  const offer = result.offer;
  const options = byKey(offer);

  it('reads each SKU’s weight and size from pieceWeightScale.pieceWeightScaleInfo', () => {
    expect(offer.options).toHaveLength(10);
    expect(options.get('男士劲肤酷爽五件套/盒装（新）')).toMatchObject({
      stock: 1636,
      weightG: 933,
      sizeCm: { length: 29.7, width: 20.7, height: 6.5 },
    });
    expect(options.get('洁面乳（新包装）80g')).toMatchObject({
      weightG: 113,
      sizeCm: { length: 5.9, width: 3.5, height: 15.5 },
    });
    expect(options.get('保湿霜（新包装）/50g')).toMatchObject({ weightG: 133 });
  });

  it('keeps all 23 attributes of the attribute module, in page order, and the description address', () => {
    expect(offer.attributes).toHaveLength(23);
    expect(offer.attributes.slice(0, 3)).toEqual([
      { name: '品牌', value: '梵贞' },
      { name: '是否进口', value: '否' },
      { name: '产品名称', value: '梵贞男士劲肤控油洁面乳?' },
    ]);
    expect(offer.attributes.map((a) => a.name)).toEqual(expect.arrayContaining(['产地', '保质期', '货号3']));
    expect(offer.attributes.find((a) => a.name === '保质期')?.value).toBe('3年');
    expect(offer.detailUrl).toBe('https://itemcdn.tmall.com/1688offer/icoss4165340769b90795afecc86a4b');
  });

  it('says the description is missing when the capture came without it', () => {
    expect(result.warnings.find((w) => w.key === 'description_missing')?.ko).toBe(
      '상세 설명(상세 이미지)을 읽지 못해 상세 이미지 없이 가져왔습니다 (https://itemcdn.tmall.com/1688offer/icoss4165340769b90795afecc86a4b). 나중에 다시 담으면 채워집니다.',
    );
    const withDescription = ok(
      parse1688Captures([
        initDataText,
        'var offer_details={"content":"<p><img src=\\"//cbu01.alicdn.com/img/ibank/d1.jpg\\"></p>"};',
      ]),
    );
    expect(withDescription.warnings.map((w) => w.key)).not.toContain('description_missing');
    expect(withDescription.offer.detailImages).toEqual(['https://cbu01.alicdn.com/img/ibank/d1.jpg']);
  });

  it('asks for a weight only for the SKU the pack info does not list', () => {
    const unlisted = options.get('男士护肤五件套（新包装）');
    expect(unlisted?.weightG).toBeUndefined();
    expect(unlisted?.flags).toContain('missing_weight');
    expect(result.warnings.find((w) => w.key === 'missing_weight')?.ko).toBe(
      '옵션 1개는 무게 정보가 없습니다. 물류 무게를 직접 입력해 주세요.',
    );
  });
});

describe('2024 PC page of an offer without SKUs (offer 833454967766)', () => {
  it('imports one option that keeps the offer’s stock (canBookedAmount)', () => {
    const result = ok(parse1688Capture(initDataNoSkuText));
    expect(result.offer.offerId).toBe('833454967766');
    expect(result.offer.options).toHaveLength(1);
    expect(result.offer.options[0]?.stock).toBe(99000);
    expect(result.offer.options[0]?.flags).not.toContain('missing_stock');
    expect(result.warnings.map((w) => w.key)).toContain('single_option');
    expect(result.offer.attributes[0]).toEqual({ name: '材质', value: '金属' });
    expect(result.offer.attributes.length).toBeGreaterThan(5);
    expect(result.offer.detailUrl).toBe(
      'https://itemcdn.tmall.com/1688offer/icoss28557134133c2974e711dcf35b',
    );
  });
});
