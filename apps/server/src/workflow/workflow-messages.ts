import { MESSAGES } from '@rr/domain';
import type { Message } from './task.ts';

/** Messages of the workflow runner (the tasks keep theirs beside their code or in the domain). */
export const WORKFLOW_MESSAGES = {
  noProductsSelected: MESSAGES.noProductsSelected,
  geminiKeyMissing: MESSAGES.geminiKeyMissing,
  productsNotFound: {
    ko: '선택한 상품 중 찾을 수 없는 상품이 있습니다.',
    en: 'Some selected products were not found.',
  },
  runNotFound: { ko: '작업 실행 기록을 찾을 수 없습니다.', en: 'The workflow run was not found.' },
  runNotCancellable: {
    ko: '이미 끝난 작업은 취소할 수 없습니다.',
    en: 'A finished run cannot be cancelled.',
  },
  workflowUnavailable: {
    ko: '작업 대기열을 사용할 수 없습니다. 잠시 후 다시 시도해주세요.',
    en: 'The job queue is unavailable. Please try again later.',
  },
  quotationSelectionNeedsQuotationOnly: {
    ko: '옵션을 골라 견적을 만들 때는 견적 작업만 실행할 수 있습니다.',
    en: 'Choosing options is only possible for a run of the quotation alone.',
  },
  quotationOptionsOneProduct: {
    ko: '옵션을 골라 견적을 만들 때는 상품을 하나만 선택해주세요.',
    en: 'Choose a single product to quote some of its options.',
  },
  taskNotAvailable: { ko: '아직 준비되지 않은 작업입니다.', en: 'This task is not available yet.' },
  taskFailed: { ko: '작업 중 오류가 발생했습니다.', en: 'An error occurred while running the task.' },
  queueFull: (max: number, open: number): Message => ({
    ko: `대기 중인 작업이 너무 많습니다 (진행 중 ${open}개, 최대 ${max}개 상품). 진행 중인 작업이 끝난 뒤 다시 시도해주세요.`,
    en: `Too many products are waiting (${open} in progress, at most ${max}). Try again when some have finished.`,
  }),
  runFinished: (counts: { done: number; error: number; remaining: number }): Message => ({
    ko: `작업 완료 (완료: ${counts.done}, 오류: ${counts.error}, 남음: ${counts.remaining})`,
    en: `Run finished (done: ${counts.done}, error: ${counts.error}, remaining: ${counts.remaining})`,
  }),
  registrableTail: (registrable: number, total: number): Message => ({
    ko: `· 등록 가능 상품 ${registrable}/${total}개`,
    en: `· ${registrable} of ${total} product(s) ready to register`,
  }),
  brandMissing: {
    ko: '기본 설정에 브랜드가 없습니다. 설정 > 기본 설정에서 브랜드를 입력한 뒤 다시 실행해주세요.',
    en: 'The default settings have no brand. Enter the brand in Settings > Default settings, then run again.',
  },
  offlineUntranslated: (phrases: readonly string[]): Message => ({
    ko: `오프라인 데모 AI가 번역하지 못한 표현이 있습니다: ${phrases.join(', ')}. 직접 입력해주세요.`,
    en: `The offline demo AI could not translate: ${phrases.join(', ')}. Please enter them yourself.`,
  }),
  runStarted: (count: number): Message => ({
    ko: `상품 ${count}개를 처리하고 있습니다...`,
    en: `Processing ${count} product(s)...`,
  }),
} as const;
