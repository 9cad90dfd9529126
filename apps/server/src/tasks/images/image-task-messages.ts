import type { CatalogueMessage } from '@rr/domain';

/** What the image tasks tell the seller when some images kept their originals (Korean first). */
export const IMAGE_TASK_MESSAGES = {
  mainImageFailures: (failed: number, total: number): CatalogueMessage => ({
    ko: `대표이미지 ${total}개 중 ${failed}개를 번역하지 못해 원본 이미지를 유지했습니다.`,
    en: `${failed} of ${total} main images could not be translated; their originals were kept.`,
  }),
  imageFailures: (failed: number, total: number): CatalogueMessage => ({
    ko: `이미지 ${total}개 중 ${failed}개를 처리하지 못해 원본을 유지했습니다.`,
    en: `${failed} of ${total} images could not be processed; their originals were kept.`,
  }),
  mergeFailed: {
    ko: '상세페이지 병합에 실패해 개별 이미지를 사용합니다.',
    en: 'The detail page could not be merged; the individual images are used.',
  },
} satisfies Record<string, CatalogueMessage | ((...a: number[]) => CatalogueMessage)>;
