import {
  ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH,
  ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH,
} from '../../constants.ts';
import { fail, issue, ok, type Result } from '../../result.ts';

const HANGUL_ONLY = /^[가-힣]+$/;

/** Q §5: additional differentiators are 2 to 6 Korean (Hangul syllable) characters. */
export function validateAdditionalDifferentiator(value: string | null | undefined): Result<string> {
  const v = (value ?? '').trim();
  const length = Array.from(v).length;
  if (
    HANGUL_ONLY.test(v) &&
    length >= ADDITIONAL_DIFFERENTIATOR_MIN_LENGTH &&
    length <= ADDITIONAL_DIFFERENTIATOR_MAX_LENGTH
  ) {
    return ok(v);
  }
  return fail([issue('additionalDifferentiatorInvalid')]);
}
