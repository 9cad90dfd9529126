// TODO(domain): move to @rr/domain — the local Chinese/Japanese → Korean replacement table (W §8
// Recoveries) and CJK stripping; the offline provider builds its Korean text with them.

/** Longest entries first when applied, so 卡其色 wins over 色. */
export const REPLACEMENT_TABLE: Readonly<Record<string, string>> = {
  颜色: '색상',
  颜色分类: '색상',
  尺码: '사이즈',
  尺寸: '사이즈',
  规格: '규격',
  型号: '모델',
  材质: '소재',
  面料: '원단',
  重量: '무게',
  容量: '용량',
  套装: '세트',
  均码: '프리사이즈',
  大号: '대형',
  中号: '중형',
  小号: '소형',
  加大: '특대',
  黑色: '블랙',
  白色: '화이트',
  红色: '레드',
  蓝色: '블루',
  深蓝: '네이비',
  绿色: '그린',
  黄色: '옐로우',
  粉色: '핑크',
  粉红: '핑크',
  灰色: '그레이',
  紫色: '퍼플',
  棕色: '브라운',
  咖啡色: '브라운',
  卡其色: '카키',
  米色: '베이지',
  米白: '아이보리',
  银色: '실버',
  金色: '골드',
  透明: '투명',
  橙色: '오렌지',
  男士: '남성',
  女士: '여성',
  男: '남성',
  女: '여성',
  儿童: '아동',
  婴儿: '유아',
  宠物: '반려동물',
  纯棉: '순면',
  棉: '면',
  涤纶: '폴리에스터',
  塑料: '플라스틱',
  不锈钢: '스테인리스',
  木: '원목',
  玻璃: '유리',
  陶瓷: '세라믹',
  硅胶: '실리콘',
  皮革: '가죽',
  收纳: '수납',
  盒: '박스',
  包: '가방',
  杯: '컵',
  鞋: '신발',
  帽: '모자',
  袜: '양말',
  衣: '의류',
  裤: '바지',
  连衣裙: '원피스',
  裙: '스커트',
  手机壳: '휴대폰 케이스',
  新款: '신상',
  夏季: '여름',
  冬季: '겨울',
  春秋: '봄가을',
  件: '개',
  个: '개',
  只: '개',
  斤: 'kg',
  码: '사이즈',
  寸: 'cm',
  // Japanese
  ブラック: '블랙',
  ホワイト: '화이트',
  サイズ: '사이즈',
  カラー: '색상',
};

const ENTRIES = Object.entries(REPLACEMENT_TABLE).sort((a, b) => b[0].length - a[0].length);
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;

/** Replaces known words, then drops every Chinese or Japanese character left (W §5 Korean only). */
export function toKoreanText(text: string): string {
  let out = text;
  for (const [from, to] of ENTRIES) out = out.split(from).join(` ${to} `);
  return out.replace(CJK, ' ').replace(/\s+/g, ' ').trim();
}

export function hasCjk(text: string): boolean {
  CJK.lastIndex = 0;
  const found = CJK.test(text);
  CJK.lastIndex = 0;
  return found;
}
