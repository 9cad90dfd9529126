import { describe, expect, it } from 'vitest';
import { checkDocumentSize, REGISTRATION_DOCUMENT_WARNING_BYTES } from './check-document-size.ts';

describe('checkDocumentSize (W §9: registration document size warning above 5 MB)', () => {
  it.each([
    [0, null],
    [9_354, null],
    [REGISTRATION_DOCUMENT_WARNING_BYTES, null],
  ])('%d bytes → no finding', (bytes, expected) => {
    expect(checkDocumentSize(bytes)).toBe(expected);
  });

  it.each([
    [REGISTRATION_DOCUMENT_WARNING_BYTES + 1, '5.0 MB'],
    [9 * 1024 * 1024, '9.0 MB'],
  ])('%d bytes → a warning naming %s', (bytes, shown) => {
    const f = checkDocumentSize(bytes);
    expect(f).toMatchObject({ rule: 'documentSize', severity: 'warning', optionIndex: null });
    expect(f?.message.ko).toBe(
      `등록 문서가 ${shown}로 5.0 MB를 넘습니다. 옵션 수나 긴 문구를 줄이면 전송이 빨라지고 실패가 줄어듭니다.`,
    );
    expect(f?.message.en).toContain(`are ${shown}, over 5.0 MB`);
  });
});
