import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyReplacementTable, replaceCjkWithKorean, translateExactly } from './apply-replacement-table.ts';
import { containsCjk } from './contains-cjk.ts';
import { REPLACEMENT_TABLE } from './replacement-table.ts';
import { convertChineseUnits, formatUnitTableForPrompt, UNIT_TABLE } from './unit-table.ts';

describe('REPLACEMENT_TABLE (W §8)', () => {
  it('holds several hundred entries, all with Korean (or Latin) targets free of CJK', () => {
    expect(REPLACEMENT_TABLE.size).toBeGreaterThanOrEqual(400);
    for (const [source, target] of REPLACEMENT_TABLE) {
      expect(containsCjk(source)).toBe(true);
      expect(containsCjk(target)).toBe(false);
    }
  });
});

describe('applyReplacementTable (longest match first)', () => {
  it.each([
    ['红色', '빨간색'],
    ['红', '빨강'],
    ['浅粉色', '연핑크'],
    ['红色纯棉T恤', '빨간색 순면 티셔츠'],
    ['连帽卫衣 男', '후드티 남성'],
    ['藏青色 XL', '네이비 XL'],
    ['韩版宽松短袖T恤', '한국스타일 루즈핏 반팔 티셔츠'],
    ['ブラックのバッグ', '블랙 가방'],
    ['收纳盒3个', '수납함 3개'],
    ['Nike运动鞋', 'Nike 운동화'],
    ['abc', 'abc'],
    ['', ''],
  ])('%s → %s', (input, expected) => expect(applyReplacementTable(input)).toBe(expected));

  it('uses a custom table', () => {
    const table = new Map([
      ['ab', 'X'],
      ['abc', 'Y'],
    ]);
    expect(applyReplacementTable('abcab', table)).toBe('Y X');
  });
});

describe('replaceCjkWithKorean on 1688 image and detail-page copy', () => {
  it.each([
    ['产品详情', '상품 상세'],
    ['细节展示', '디테일'],
    ['感谢您的光临', '방문해 주셔서 감사합니다'],
    ['适用于家庭 办公室', '사용처: 가정 사무실'],
    ['新款高品质收纳盒', '신상품 고품질 수납함'],
    ['做工精细 线条流畅', '정교한 마감 매끄러운 라인'],
    ['买二送一', '2+1'],
    ['大容量 防水 耐用', '대용량 방수 튼튼한'],
    ['多种颜色可选', '다양한 색상 선택 가능'],
    ['包邮 现货', '무료배송 즉시 출고'],
    ['舒适透气 柔软亲肤', '편안하고 통기성 좋은 부드럽고 피부에 편안한'],
    ['优质面料 时尚百搭', '고급 원단 트렌디하고 어디에나 잘 어울리는'],
    ['精选优质材料 安全环保', '엄선한 고급 소재 안전한 친환경 소재'],
    ['加厚材质 不易变形', '두꺼운 소재 쉽게 변형되지 않음'],
    ['温馨提示：手工测量存在误差', '안내：수작업 측정 오차 있음'],
    ['尺码表', '사이즈표'],
    ['单位：厘米', '단위：cm'],
    ['尺码 胸围 衣长 袖长', '사이즈 가슴둘레 총장 소매길이'],
    ['产品参数', '상품 정보'],
    ['注意事项', '주의사항'],
    ['实拍图 模特展示', '실사 이미지 모델 착용 컷'],
    ['颜色分类', '색상 분류'],
    ['包装清单', '구성품'],
    ['厂家直销 爆款', '공장 직판 인기상품'],
    ['限时特价', '기간 한정 특가'],
    ['全新升级 加厚款', '새롭게 업그레이드 두꺼운 타입'],
    ['欢迎选购', '지금 만나보세요'],
    ['多功能收纳盒 大容量', '다기능 수납함 대용량'],
    ['简约北欧风 客厅卧室', '심플 북유럽 스타일 거실 침실'],
    ['防滑耐磨 户外运动鞋', '미끄럼방지 내마모 아웃도어 운동화'],
    ['透明可视 防尘防潮', '투명해서 내용물 확인 가능 먼지 방지 습기 방지'],
    ['免打孔安装 节省空间', '무타공 설치 공간 절약'],
    ['可折叠 便携 不占地方', '접이식 휴대용 공간 차지 없음'],
    ['适用于厨房 浴室 卧室 客厅', '사용처: 주방 욕실 침실 거실'],
    ['360度旋转 多层收纳', '360도 회전 다층 수납'],
    ['304不锈钢 不生锈', '304 스테인리스 녹슬지 않음'],
    ['食品级硅胶 无毒无味', '식품등급 실리콘 무독성 무취'],
    ['2024年新款 韩版宽松显瘦', '2024년 신상품 한국스타일 루즈핏 날씬해 보이는'],
    ['买2送1 限时优惠', '2+1 기간 한정 할인'],
    ['7天无理由退换', '7일 단순 변심 반품 가능'],
    ['3层加厚 承重力强', '3단 두꺼운 하중에 강한'],
    ['如有问题请联系客服', '문의 사항은 고객센터로 연락해 주세요'],
    ['祝您购物愉快', '즐거운 쇼핑 되세요'],
    ['本店所有商品均为实拍', '저희 매장 모든 상품은 실제 촬영 이미지입니다'],
    ['因拍摄光线不同 可能存在色差', '촬영 조명에 따라 색상 차이가 있을 수 있습니다'],
    ['双层沥水 厨房置物架', '2단 배수형 주방 선반'],
    ['2只装 送挂钩', '2개 사은품: 후크'],
    ['手机支架 支持多角度调节', '휴대폰거치대 다각도 조절'],
  ])('%s → %s', (input, expected) => {
    const korean = replaceCjkWithKorean(input);
    expect(korean).toBe(expected);
    expect(containsCjk(korean)).toBe(false);
  });

  it('lets multi-character words win over their characters', () => {
    expect(applyReplacementTable('高')).toBe('높이');
    expect(applyReplacementTable('高品质')).toBe('고품질');
    expect(applyReplacementTable('送')).toBe('사은품:');
    expect(applyReplacementTable('买二送一')).toBe('2+1');
    expect(applyReplacementTable('有')).toBe('있음');
    expect(applyReplacementTable('这是一款收纳盒')).toBe('수납함');
  });

  it('keeps measure words that begin common words (线条, 支持, 对于, 只要, 组合) out of the table', () => {
    for (const ch of ['条', '支', '对', '组', '只']) expect(REPLACEMENT_TABLE.has(ch)).toBe(false);
    expect(replaceCjkWithKorean('5条装')).toBe('5개');
    expect(replaceCjkWithKorean('一对')).toBe('1쌍');
    expect(replaceCjkWithKorean('组合')).toBe('세트');
  });

  it('separates a replacement from Chinese it leaves untranslated, so stripping does not glue words', () => {
    expect(applyReplacementTable('新款未知收纳盒')).toBe('신상품 未知 수납함');
    expect(replaceCjkWithKorean('新款未知收纳盒')).toBe('신상품 수납함');
  });
});

describe('unit table (Q §9)', () => {
  it('carries the spec examples', () => {
    expect(UNIT_TABLE.find((u) => u.source === '斤')).toEqual({ source: '斤', target: 'kg', factor: 0.5 });
    expect(UNIT_TABLE.find((u) => u.source === '码')?.target).toBe('사이즈');
    expect(UNIT_TABLE.find((u) => u.source === '寸')?.target).toBe('cm');
    expect(formatUnitTableForPrompt()).toContain('斤 → kg (× 0.5)');
    expect(formatUnitTableForPrompt()).toContain('厘米 → cm\n');
  });

  it.each([
    ['2斤', '1kg'],
    ['3寸', '9.99cm'],
    ['38码', '38사이즈'],
    ['XL码', 'XL사이즈'],
    ['2件装', '2개装'],
    ['50厘米', '50cm'],
    ['1.5公斤', '1.5kg'],
    ['6英寸', '15.24cm'],
    ['XL斤', 'XL斤'],
    ['무게 500克', '무게 500g'],
    ['3层', '3단'],
    ['7天', '7일'],
    ['3个月', '3개월'],
    ['5条', '5개'],
    ['iPad支架', 'iPad支架'],
    ['XL件', 'XL件'],
  ])('%s → %s', (input, expected) => expect(convertChineseUnits(input)).toBe(expected));
});

describe('replaceCjkWithKorean (local fallback)', () => {
  it.each([
    ['黑色 2斤 装', '검정 1kg'],
    ['男女通用 运动鞋 42码', '남녀공용 운동화 42사이즈'],
    ['未知词汇', ''],
  ])('%s → %s', (input, expected) => expect(replaceCjkWithKorean(input)).toBe(expected));

  it('never leaves a CJK character', () => {
    const chars = [...REPLACEMENT_TABLE.keys()].slice(0, 80);
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.constantFrom(...chars),
            fc.string({ maxLength: 3 }),
            fc.constantFrom('的', '装', '2斤'),
          ),
          { maxLength: 10 },
        ),
        (parts) => {
          expect(containsCjk(replaceCjkWithKorean(parts.join('')))).toBe(false);
        },
      ),
    );
  });
});

describe('translateExactly (W §8: exact known terms only)', () => {
  it.each([
    // a known one-character word glued to an unknown one is part of it: 锅铲 is a spatula, not a pot
    ['硅胶锅铲汤勺套装', '실리콘 锅铲汤勺 세트', ['锅铲汤勺']],
    ['低温熨烫', '低温熨烫', ['低温熨烫']],
    ['红色纯棉T恤', '빨간색 순면 티셔츠', []],
    ['锅盖', '냄비 뚜껑', []],
    ['黑色 2斤', '검정 1kg', []],
    ['颜色: 黑色 锅铲', '색상: 검정 锅铲', ['锅铲']],
    ['', '', []],
    ['이미 한국어', '이미 한국어', []],
  ])('%s → %s', (input, text, untranslated) => {
    expect(translateExactly(input)).toEqual({ text, untranslated });
  });

  it('never puts a table word where the table does not know the whole word', () => {
    expect(replaceCjkWithKorean('硅胶锅铲汤勺套装')).toBe('실리콘 세트');
    expect(replaceCjkWithKorean('锅铲')).toBe('');
  });

  it('reports every Chinese character it leaves, and leaves none it reports', () => {
    const chars = [...REPLACEMENT_TABLE.keys()].slice(0, 80);
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...chars), fc.constantFrom('铲', '熨', '未知', ' ', 'A')), {
          maxLength: 8,
        }),
        (parts) => {
          const { text, untranslated } = translateExactly(parts.join(''));
          expect(containsCjk(text)).toBe(untranslated.length > 0);
          for (const u of untranslated) expect(text).toContain(u);
        },
      ),
    );
  });
});
