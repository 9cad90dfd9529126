// An SEO answer over the spec's limits (a 70+ name with an emoji, 12 keywords, a blank feature).
export const GOOD_SEO = {
  productName: `🔥 여름 순면 반팔 티셔츠 여성 라운드넥 데일리 기본 무지 티 ${'오버핏 '.repeat(6)}`,
  keywords: Array.from({ length: 12 }, (_, i) => `키워드${i}`),
  metaDescription:
    '시원한 순면 소재의 여름 반팔 티셔츠입니다. 데일리룩으로 입기 좋은 기본 라운드넥 디자인이에요.',
  features: ['순면 100%', '  ', '라운드넥', '오버핏'],
  options: [] as { optionNumber: string; korName: string }[],
};
