import { formatFileSize } from '../images/format-file-size.ts';
import type { PreflightFinding } from './preflight-finding.ts';

/** W §9: "Registration document size warning above 5 MB". */
export const REGISTRATION_DOCUMENT_WARNING_BYTES = 5 * 1024 * 1024;

/**
 * The size warning of a product's registration documents (its option documents as they are sent,
 * in UTF-8 bytes): above 5 MB the seller is told, with the size, before exporting or registering.
 * A warning, not an error: the export may go on.
 */
export function checkDocumentSize(bytes: number): PreflightFinding | null {
  if (!(bytes > REGISTRATION_DOCUMENT_WARNING_BYTES)) return null;
  const size = formatFileSize(bytes);
  const limit = formatFileSize(REGISTRATION_DOCUMENT_WARNING_BYTES);
  return {
    field: 'coupangDoc.jsonDocument',
    rule: 'documentSize',
    severity: 'warning',
    optionIndex: null,
    message: {
      ko: `등록 문서가 ${size}로 ${limit}를 넘습니다. 옵션 수나 긴 문구를 줄이면 전송이 빨라지고 실패가 줄어듭니다.`,
      en: `The registration documents are ${size}, over ${limit}. Fewer options or shorter texts make sending faster and safer.`,
    },
  };
}
