import type {
  CoupangReason,
  CoupangReasonField,
  CoupangRegistrationStatus,
} from '../../entities/coupang-registration.ts';

// Issue 23: reading Coupang's review. Its status names (상품 조회 `statusName`, 상태변경이력 `status`)
// become the product's registration status, and a denial's comment becomes reasons placed next to
// the field they concern where the text tells which one.

const STATUS_BY_NAME: Record<string, CoupangRegistrationStatus> = {
  임시저장: 'requested',
  심사중: 'in_review',
  승인대기중: 'in_review',
  승인완료: 'approved',
  부분승인완료: 'partially_approved',
  승인반려: 'denied',
  상품삭제: 'failed',
};

/** The list and summary answers' status codes ("상품조회"; product summary). */
const STATUS_BY_CODE: Record<string, CoupangRegistrationStatus> = {
  SAVING: 'requested',
  SAVED: 'requested',
  APPROVING: 'in_review',
  IN_REVIEW: 'in_review',
  APPROVED: 'approved',
  PARTIAL_APPROVED: 'partially_approved',
  DENIED: 'denied',
  DELETED: 'failed',
};

/**
 * The registration status of a Coupang status name (the list and summary answers' English names
 * too). A name we do not know is `unknown`: shown as it came, not polled forever.
 */
export function registrationStatusOf(statusName: string): CoupangRegistrationStatus {
  const key = statusName.replace(/\s+/g, '');
  return STATUS_BY_NAME[key] ?? STATUS_BY_CODE[key.toUpperCase()] ?? 'unknown';
}

/** Statuses the approval sync still asks Coupang about. */
export function isReviewOpen(status: CoupangRegistrationStatus | undefined | null): boolean {
  return status === 'requested' || status === 'in_review';
}

// Checked in this order: a price or certification reason often names an image too ("KC 인증 이미지").
const FIELD_WORDS: readonly (readonly [CoupangReasonField, RegExp])[] = [
  ['price', /가격|정상가|판매가|할인율|원\s*단위/],
  ['certification', /인증|KC|전기용품|전파|안전확인|어린이제품\s*안전/i],
  ['notice', /고시|상품정보\s*제공|정보제공고시/],
  ['name', /상품명|제품명|노출상품명|브랜드명?/],
  ['image', /이미지|사진|썸네일|워터마크|대표\s*컷/],
];

/** The field a reason's text concerns, or null when it cannot be told. */
export function reasonFieldOf(text: string): CoupangReasonField | null {
  for (const [field, words] of FIELD_WORDS) if (words.test(text)) return field;
  return null;
}

/** A comment split into its reasons (one per line or `/`-separated part), each with its field. */
export function reasonsOf(comment: string): CoupangReason[] {
  return comment
    .split(/\r?\n|\s\/\s|;/)
    .map((t) => t.trim().replace(/^[-•·]\s*/, ''))
    .filter((t) => t !== '')
    .map((text) => ({ text, field: reasonFieldOf(text) }));
}

export type CoupangHistoryLine = { readonly status: string; readonly comment: string };

/**
 * The reasons of the latest denial in a status history (newest first, as Coupang answers it): the
 * comments of the 승인반려 entries before any later review started. Empty when the latest decision
 * is not a denial.
 */
export function denialReasonsOf(history: readonly CoupangHistoryLine[]): CoupangReason[] {
  const out: CoupangReason[] = [];
  for (const entry of history) {
    const status = registrationStatusOf(entry.status);
    if (status !== 'denied') break;
    out.push(...reasonsOf(entry.comment));
  }
  return out;
}
