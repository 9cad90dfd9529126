import type { Message } from '../errors/app-error.ts';

// Messages of the product area that the spec's catalogue (@rr/domain MESSAGES) does not hold.

export const PRODUCT_MESSAGES = {
  invalidUpdatePath: (paths: string) => ({
    ko: `변경할 수 없는 항목입니다: ${paths}`,
    en: `These fields cannot be changed: ${paths}`,
  }),
  unknownFeature: (feature: string) => ({
    ko: `알 수 없는 기능입니다: ${feature}`,
    en: `Unknown feature: ${feature}`,
  }),
  featureSaved: (label: Message) => ({ ko: `${label.ko} 정보를 저장했습니다.`, en: `${label.en} saved.` }),
  itemsSaved: (n: number) => ({ ko: `상품 ${n}개를 저장했습니다.`, en: `${n} product(s) saved.` }),
  itemsDeleted: (n: number) => ({ ko: `상품 ${n}개를 삭제했습니다.`, en: `${n} product(s) deleted.` }),
  categoryNotFound: (code: number) => ({
    ko: `카테고리를 찾을 수 없습니다: ${code}`,
    en: `Category not found: ${code}`,
  }),
  categoryNotLeaf: (code: number) => ({
    ko: `마지막 단계의 카테고리를 선택해주세요: ${code}`,
    en: `Choose a leaf category: ${code}`,
  }),
  registered: (n: number, path: string) => ({
    ko: `등록 화면에 추가했습니다 (${path}, 옵션 ${n}개).`,
    en: `Added to registration (${path}, ${n} options).`,
  }),
  productInfoMissing: {
    ko: '상품 정보를 가져올 수 없습니다. 1688 페이지 데이터를 가져오기 화면에서 먼저 넣어 주세요.',
    en: 'Cannot fetch the product. Import the 1688 page data first.',
  },
  saveItemsTooLarge: {
    ko: '한 번에 바꾸려는 상품이 너무 큽니다. 나누어 저장해주세요.',
    en: 'The products this request replaces are too large together. Save them in smaller batches.',
  },
  duplicateRegistrationId: (id: string) => ({
    ko: `같은 등록번호가 요청에 두 번 있습니다: ${id}`,
    en: `The same registrationId appears twice in the request: ${id}`,
  }),
  versionConflict: {
    ko: '다른 곳에서 먼저 변경된 상품입니다. 최신 내용을 다시 불러온 뒤 수정해주세요.',
    en: 'This product was changed elsewhere first. Reload it and make your change again.',
  },
  documentTooLarge: {
    ko: '상품 문서가 너무 큽니다 (최대 10MB).',
    en: 'The product document is too large (10 MB at most).',
  },
  arrayIndexOutOfRange: {
    ko: '목록의 끝을 넘는 위치에는 쓸 수 없습니다.',
    en: 'A list position past the end cannot be written.',
  },
} satisfies Record<string, Message | ((...args: never[]) => Message)>;
