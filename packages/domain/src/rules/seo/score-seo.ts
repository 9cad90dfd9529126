import { SEO_KEYWORDS_MAX, SEO_NAME_MAX_LENGTH, SEO_SCORE_WEIGHTS } from '../../constants.ts';
import type { SeoScoreBreakdown } from '../../entities/seo.ts';

/** Name length that earns the full name score (up to the 70-character limit). */
export const SEO_NAME_GOOD_LENGTH = 20;
/** Meta description length range that earns the full description score. */
export const SEO_DESCRIPTION_GOOD_LENGTH = { min: 50, max: 160 } as const;
/** Feature count that earns the full feature score. */
export const SEO_FEATURES_GOOD_COUNT = 5;

const clampPercent = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const length = (s: string | undefined) => Array.from((s ?? '').trim()).length;

/**
 * W §9 SEO scoring: each part scores 0–100 and the total is weighted name 0.3, keywords 0.3,
 * description 0.25, features 0.15. Part scores: name — full from 20 to 70 characters, linear below,
 * 50 above; keywords — count / 10; description — full from 50 to 160 characters, linear below, 80
 * above; features — non-blank count / 5.
 */
export function scoreSeo(seo: {
  productName?: string;
  keywords?: readonly string[];
  metaDescription?: string;
  features?: readonly string[];
}): { score: number; scoreBreakdown: SeoScoreBreakdown } {
  const nameLength = length(seo.productName);
  const name =
    nameLength > SEO_NAME_MAX_LENGTH ? 50 : clampPercent((nameLength / SEO_NAME_GOOD_LENGTH) * 100);
  const keywordCount = (seo.keywords ?? []).filter((k) => k.trim() !== '').length;
  const keywords = clampPercent((Math.min(keywordCount, SEO_KEYWORDS_MAX) / SEO_KEYWORDS_MAX) * 100);
  const descriptionLength = length(seo.metaDescription);
  const description =
    descriptionLength > SEO_DESCRIPTION_GOOD_LENGTH.max
      ? 80
      : clampPercent((descriptionLength / SEO_DESCRIPTION_GOOD_LENGTH.min) * 100);
  const featureCount = (seo.features ?? []).filter((f) => f.trim() !== '').length;
  const features = clampPercent((featureCount / SEO_FEATURES_GOOD_COUNT) * 100);
  const w = SEO_SCORE_WEIGHTS;
  const score = clampPercent(
    name * w.name + keywords * w.keywords + description * w.description + features * w.features,
  );
  return { score, scoreBreakdown: { name, keywords, description, features } };
}
