import { MODEL_NUMBER_MAX_LENGTH } from '../../constants.ts';

/** W §5 / §9: the model number is cut to 50 characters (code points, trimmed). */
export function truncateModelNumber(value: string | null | undefined): string {
  return Array.from((value ?? '').trim())
    .slice(0, MODEL_NUMBER_MAX_LENGTH)
    .join('')
    .trim();
}
