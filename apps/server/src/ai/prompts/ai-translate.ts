import { FONT_SIZE_FALLBACK, FONT_SIZE_GROUPS, translateExactly } from '@rr/domain';
import { z } from 'zod';
import { defineWork, JSON_ONLY_RULE, KOREAN_ONLY_RULE } from './work.ts';

export type AiTranslateInput = {
  productId?: string;
  imgUrl: string;
  /** OCR texts of the image, in order. */
  chArr: ReadonlyArray<string>;
};

export const AiTranslateAnswer = z.object({
  items: z.array(
    z.object({
      ch: z.string(),
      ko: z.array(z.string()),
      font_size: z.number(),
      adjust_box: z.object({ width_percent: z.number(), height_percent: z.number() }),
    }),
  ),
});
export type AiTranslateAnswer = z.infer<typeof AiTranslateAnswer>;

const { heading, subheading, body } = FONT_SIZE_GROUPS;

/** Refines the OCR texts of a detail image into Korean (W §4 Detail images, §9 font groups). */
export const aiTranslateWork = defineWork<AiTranslateInput, AiTranslateAnswer>({
  workType: 'AI_TRANSLATE',
  answer: AiTranslateAnswer,
  prompt: ({
    chArr,
  }) => `상품 상세 이미지의 중국어 문구를 한국 쇼핑몰 문구로 번역하세요. 첨부 이미지에서 글자의 위치와 크기를 참고하세요.
- ${KOREAN_ONLY_RULE}
- 문구마다 ko에 번역 후보를 1~3개, 짧고 자연스럽게.
- font_size: 제목 ${heading.min}–${heading.max}px, 소제목 ${subheading.min}–${subheading.max}px, 본문 ${body.min}–${body.max}px.
- adjust_box: 번역문 길이에 맞춘 상자 크기 비율(%), 기본 100.
- 입력 순서를 유지하고 ch에는 원문을 그대로 쓰세요.

${chArr.map((t, i) => `${i + 1}. ${t}`).join('\n')}

${JSON_ONLY_RULE}
{"items":[{"ch":"","ko":[""],"font_size":30,"adjust_box":{"width_percent":100,"height_percent":100}}]}`,
  offline: ({ chArr }) => ({
    items: chArr.map((ch) => ({
      ch,
      // A line the table cannot translate whole is left empty: the image keeps it as it was.
      ko: [offlineLine(ch)],
      font_size: FONT_SIZE_FALLBACK,
      adjust_box: { width_percent: 100, height_percent: 100 },
    })),
  }),
});

/** The offline translation of one image line: the table's, only when it knows every word of it. */
function offlineLine(ch: string): string {
  const { text, untranslated } = translateExactly(ch);
  return untranslated.length === 0 ? text : '';
}
