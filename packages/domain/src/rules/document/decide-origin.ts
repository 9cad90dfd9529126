import { IMPORT_STATUS, ORIGIN_CHINA, ORIGIN_KOREA } from '../../constants.ts';

/** W §5: origin is Korea if the import status is 'not an import target', otherwise China. */
export function decideOrigin(importStatus: string | null | undefined): string {
  return importStatus?.trim() === IMPORT_STATUS.notImportTarget ? ORIGIN_KOREA : ORIGIN_CHINA;
}
