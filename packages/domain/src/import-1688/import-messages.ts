import { MESSAGES } from '../messages.ts';

// The import's answers to the seller ({ ko, en }); the parser's own reasons are in messages.ts.

type Text = { ko: string; en: string };

const HOW_KO =
  '1688 상품 페이지를 열고 페이지 소스 보기(Ctrl+U)에서 전체를 복사해 붙여 넣거나, 모바일 상세 데이터 또는 SKU 모델 응답(JSON)을 붙여 넣어 주세요.';
const HOW_EN =
  'Open the 1688 offer page, view its source (Ctrl+U), copy all of it and paste it here, or paste the mobile detail data or the SKU model answer (JSON).';

const MB = (chars: number) => `${Math.round(chars / 100_000) / 10}MB`;

export const IMPORT_MESSAGES = {
  captureTooLarge: (name: string, max: number): Text => ({
    ko: `${name}: 붙여 넣은 내용이 너무 큽니다 (최대 ${MB(max)}). 상품 페이지 하나의 소스만 붙여 넣어 주세요.`,
    en: `${name}: the pasted text is too large (at most ${MB(max)}). Paste the source of one offer page only.`,
  }),
  capturesTooLarge: (max: number): Text => ({
    ko: `한 번에 가져올 수 있는 분량을 넘었습니다 (모두 합해 최대 ${MB(max)}). 나누어 가져와 주세요.`,
    en: `Too much for one import (at most ${MB(max)} in all). Import in several parts.`,
  }),
  readKept: (read: number, kept: number): Text => ({
    ko: `옵션 ${read}개를 읽고 ${kept}개를 가져왔습니다.`,
    en: `Read ${read} options, kept ${kept}.`,
  }),
  created: (reg: string): Text => ({
    ko: `새 상품 ${reg}을(를) 만들었습니다.`,
    en: `Created the new product ${reg}.`,
  }),
  updateAvailable: (reg: string, n: number): Text => ({
    ko: `이미 가져온 상품(${reg})입니다. 변경 사항 ${n}건을 확인한 뒤 '업데이트'를 눌러야 적용됩니다.`,
    en: `This offer was imported before (${reg}). Review the ${n} change(s) and press 'Update' to apply them.`,
  }),
  updated: (reg: string, applied: number, kept: number): Text => ({
    ko: `상품 ${reg}의 원본 정보를 업데이트했습니다 (적용 ${applied}건${kept ? `, 셀러가 수정한 값 ${kept}건은 유지` : ''}).`,
    en: `Updated the source data of ${reg} (${applied} applied${kept ? `, ${kept} seller edit(s) kept` : ''}).`,
  }),
  unchanged: (reg: string): Text => ({
    ko: `이미 가져온 상품(${reg})이며 바뀐 내용이 없습니다.`,
    en: `This offer was imported before (${reg}) and nothing changed.`,
  }),
  needsCapture: (offerId: string): Text => ({
    ko: `상품 번호 ${offerId}을(를) 찾았지만, 링크나 번호만으로는 상품 정보를 가져올 수 없습니다. 페이지 데이터가 필요합니다. ${HOW_KO}`,
    en: `Found the offer number ${offerId}, but a link or number alone cannot be imported: the page data is needed. ${HOW_EN}`,
  }),
  noOfferId: (): Text => ({
    ko: `${MESSAGES.offerIdNotFound.ko}. ${HOW_KO}`,
    en: `${MESSAGES.offerIdNotFound.en}. ${HOW_EN}`,
  }),
  mismatch: (read: number, kept: number): Text => ({
    ko: `읽은 옵션 ${read}개 중 ${kept}개만 가져왔습니다. 빠진 옵션을 확인해 주세요.`,
    en: `Only ${kept} of the ${read} options read were kept. Check the missing options.`,
  }),
  removedKept: (n: number): Text => ({
    ko: `원본에서 사라진 옵션 ${n}개는 삭제하지 않고 '원본에 없음'으로 표시했습니다.`,
    en: `${n} option(s) no longer in the source were kept and marked 'not in source'.`,
  }),
  collisions: (names: string[]): Text => ({
    ko: `번역된 옵션 이름이 겹칩니다 (합치지 않고 표시만 했습니다): ${names.join(', ')}`,
    en: `Translated option names collide (flagged, not merged): ${names.join(', ')}`,
  }),
  summary: (counts: Readonly<Record<string, number>>): Text => {
    const n = (k: string) => counts[k] ?? 0;
    const failed = n('refused') + n('needsCapture');
    return {
      ko: `가져오기 결과: 새 상품 ${n('created')}개, 업데이트 ${n('updated')}개, 확인 필요 ${n('updateAvailable')}개, 변경 없음 ${n('unchanged')}개, 실패 ${failed}개`,
      en: `Import: ${n('created')} new, ${n('updated')} updated, ${n('updateAvailable')} to review, ${n('unchanged')} unchanged, ${failed} failed`,
    };
  },
};
