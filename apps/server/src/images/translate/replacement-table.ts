/**
 * TODO(domain): the spec's local replacement table (Chinese and Japanese → Korean) belongs to
 * `@rr/domain`; it was not exported yet when this engine was written. Replace `replaceWithTable`
 * by the domain's function once it exists (same contract: text in, Korean text out).
 *
 * Longest match first; Han characters the table does not know are dropped (a Korean buyer cannot
 * read them), ASCII and numbers stay as they are.
 */
const TABLE: Record<string, string> = {
  新款: '신상',
  高品质: '고품질',
  收纳盒: '수납함',
  收纳: '수납',
  大容量: '대용량',
  防水: '방수',
  耐用: '내구성',
  多种颜色可选: '다양한 색상 선택 가능',
  多种: '다양한',
  颜色: '색상',
  可选: '선택 가능',
  包邮: '무료배송',
  现货: '재고 있음',
  舒适: '편안한',
  透气: '통기성',
  柔软: '부드러운',
  亲肤: '피부 친화',
  优质: '우수한',
  面料: '원단',
  时尚: '패션',
  百搭: '코디 만능',
  适用于: '적용',
  家庭: '가정',
  办公室: '사무실',
  买二送一: '2+1',
  产品详情: '제품 상세',
  产品: '제품',
  详情: '상세',
  精选: '엄선',
  材料: '소재',
  安全: '안전',
  环保: '친환경',
  细节展示: '디테일',
  细节: '디테일',
  展示: '보기',
  做工精细: '정교한 마감',
  做工: '마감',
  精细: '정교한',
  线条流畅: '매끄러운 라인',
  线条: '라인',
  流畅: '매끄러운',
  加厚: '두꺼운',
  材质: '소재',
  不易变形: '변형 없음',
  变形: '변형',
  温馨提示: '안내',
  手工测量: '수작업 측정',
  测量: '측정',
  存在误差: '오차 있음',
  误差: '오차',
  尺码表: '사이즈표',
  尺码: '사이즈',
  尺寸: '사이즈',
  胸围: '가슴둘레',
  衣长: '총장',
  袖长: '소매길이',
  腰围: '허리둘레',
  臀围: '엉덩이둘레',
  裤长: '바지길이',
  肩宽: '어깨너비',
  单位: '단위',
  厘米: 'cm',
  毫米: 'mm',
  公斤: 'kg',
  克: 'g',
  感谢您的光临: '방문해 주셔서 감사합니다',
  感谢: '감사합니다',
  光临: '방문',
  欢迎: '환영합니다',
  价格: '가격',
  元: '위안',
  颜色分类: '색상 분류',
  黑色: '블랙',
  白色: '화이트',
  红色: '레드',
  蓝色: '블루',
  灰色: '그레이',
  粉色: '핑크',
  绿色: '그린',
  黄色: '옐로우',
  紫色: '퍼플',
  棕色: '브라운',
  米色: '베이지',
  均码: '프리사이즈',
  男: '남성',
  女: '여성',
  儿童: '아동',
  宝宝: '아기',
  款式: '스타일',
  型号: '모델',
  规格: '규격',
  重量: '무게',
  容量: '용량',
  功能: '기능',
  特点: '특징',
  卖点: '포인트',
  使用方法: '사용 방법',
  注意事项: '주의사항',
  正品: '정품',
  保证: '보장',
  热销: '인기 상품',
  爆款: '인기 상품',
  限时: '기간 한정',
  特价: '특가',
  促销: '프로모션',
  优惠: '할인',
  折: '할인',
  送: '증정',
  赠品: '사은품',
  升级: '업그레이드',
  新品: '신제품',
  上市: '출시',
  不锈钢: '스테인리스',
  塑料: '플라스틱',
  纯棉: '순면',
  棉: '면',
  皮革: '가죽',
  木: '원목',
  玻璃: '유리',
  硅胶: '실리콘',
  金属: '금속',
  便携: '휴대용',
  轻便: '가벼운',
  折叠: '접이식',
  家用: '가정용',
  户外: '아웃도어',
  厨房: '주방',
  浴室: '욕실',
  卧室: '침실',
  客厅: '거실',
  简约: '심플',
  创意: '아이디어',
  可爱: '귀여운',
  高档: '고급',
  奢华: '럭셔리',
  经典: '클래식',
  大: '대',
  中: '중',
  小: '소',
  和: '및',
  的: '',
  您: '',
};

const KEYS = Object.keys(TABLE).sort((a, b) => b.length - a.length);
const HAN = /\p{Script=Han}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Chinese (and Japanese) text → Korean by the replacement table; unknown Han/kana are dropped. */
export function replaceWithTable(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const key = KEYS.find((k) => text.startsWith(k, i));
    if (key !== undefined) {
      const ko = TABLE[key]!;
      if (ko && out && !out.endsWith(' ') && /[\p{L}\p{N}]$/u.test(out)) out += ' ';
      out += ko;
      i += key.length;
      continue;
    }
    const ch = text[i]!;
    if (HAN.test(ch) || KANA.test(ch)) {
      i++;
      continue;
    }
    // Full-width punctuation → ASCII.
    out += FULLWIDTH[ch] ?? ch;
    i++;
  }
  return out
    .replace(/\s+/g, ' ')
    .replace(/\s+([:,.)])/g, '$1')
    .trim();
}

const FULLWIDTH: Record<string, string> = {
  '：': ': ',
  '，': ', ',
  '。': '. ',
  '！': '! ',
  '？': '? ',
  '（': '(',
  '）': ')',
  '、': ', ',
  '；': '; ',
  '　': ' ',
};
