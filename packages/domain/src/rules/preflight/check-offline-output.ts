import type { FieldSources } from '../fields/field-sources.ts';
import type { PreflightFinding } from './preflight-finding.ts';

/** Paths shown in the finding before "…" (the finding names where to look, not every leaf). */
const SHOWN_PATHS = 5;

/**
 * Issue 20, honest AI: values the offline demo provider wrote (fieldSources `offline`) are not a
 * model's answer. The export pre-flight warns once per product, naming where they are; the seller
 * checks them, edits them, or runs the tasks again with a real AI key.
 */
export function checkOfflineOutput(sources: FieldSources): PreflightFinding | null {
  const paths = Object.keys(sources)
    .filter((p) => sources[p] === 'offline')
    .sort();
  if (paths.length === 0) return null;
  const shown = paths.slice(0, SHOWN_PATHS).join(', ') + (paths.length > SHOWN_PATHS ? ' …' : '');
  return {
    field: paths[0]!,
    rule: 'offlineAiOutput',
    severity: 'warning',
    optionIndex: null,
    message: {
      ko: `오프라인 데모 AI가 작성한 값이 있습니다 (${paths.length}개: ${shown}). 실제 AI 키로 다시 실행하거나 직접 확인해주세요.`,
      en: `Some values were written by the offline demo AI (${paths.length}: ${shown}). Run again with a real AI key or check them yourself.`,
    },
  };
}
