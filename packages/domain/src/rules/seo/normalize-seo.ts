import { SEO_KEYWORDS_MAX, SEO_NAME_MAX_LENGTH } from '../../constants.ts';
import type { Seo, SeoOption } from '../../entities/seo.ts';
import { fail, issue, ok, type Result } from '../../result.ts';
import { scoreSeo } from './score-seo.ts';
import { stripEmojis } from './strip-emojis.ts';

/** W §5 / §9: the SEO product name is at most 70 characters (cut on a word boundary when possible). */
export function truncateSeoName(name: string): string {
  const clean = stripEmojis(name);
  const chars = Array.from(clean);
  if (chars.length <= SEO_NAME_MAX_LENGTH) return clean;
  const cut = chars.slice(0, SEO_NAME_MAX_LENGTH).join('');
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace >= SEO_NAME_MAX_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trim();
}

/** W §9: at most 10 keywords, trimmed, emoji-free, without blanks or duplicates. */
export function limitSeoKeywords(keywords: readonly string[] | string | undefined): string[] {
  const list = typeof keywords === 'string' ? keywords.split(',') : (keywords ?? []);
  return [...new Set(list.map((k) => stripEmojis(k)).filter((k) => k !== ''))].slice(0, SEO_KEYWORDS_MAX);
}

/** W §5: blank manual features are dropped. */
export function dropBlankFeatures(features: readonly string[] | undefined): string[] {
  return (features ?? []).map((f) => stripEmojis(f)).filter((f) => f !== '');
}

export interface SeoProductSource {
  productName?: string | undefined;
  productNameTrans?: string | undefined;
  korName?: string | undefined;
  options?: ReadonlyArray<{
    optionNumber: string;
    korName?: string | undefined;
    option1?: { name?: string; nameTrans?: string } | undefined;
    option2?: { name?: string; nameTrans?: string } | undefined;
  }>;
}

/** The option's Korean name: korName, else the translated option names joined. */
export function optionKorName(option: NonNullable<SeoProductSource['options']>[number]): string {
  if (option.korName?.trim()) return option.korName.trim();
  return [option.option1?.nameTrans, option.option2?.nameTrans].filter((x) => x?.trim()).join(' ');
}

/** W §5: SEO data lacking productName falls back to defaults built from the product. */
export function buildDefaultSeo(product: SeoProductSource): Seo {
  const name = truncateSeoName(product.korName || product.productNameTrans || product.productName || '');
  const base = {
    productName: name,
    keywords: limitSeoKeywords(name.split(/\s+/)),
    metaDescription: name,
    features: [],
    options: (product.options ?? []).map(
      (o): SeoOption => ({ optionNumber: o.optionNumber, korName: optionKorName(o) }),
    ),
  };
  return { ...base, ...scoreSeo(base) };
}

function readRaw(raw: unknown): Record<string, unknown> {
  return raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
}

/**
 * W §5 SEO from the AI: emojis stripped, name ≤ 70, keywords ≤ 10, blank features dropped, one
 * option name per option (missing ones from the product), scored. No productName → defaults.
 */
export function normalizeSeo(raw: unknown, product: SeoProductSource = {}): Seo {
  const data = readRaw(raw);
  const name = typeof data.productName === 'string' ? truncateSeoName(data.productName) : '';
  if (!name) return buildDefaultSeo(product);
  const aiOptions = new Map(
    (Array.isArray(data.options) ? data.options : [])
      .map(readRaw)
      .filter((o) => typeof o.optionNumber === 'string' && typeof o.korName === 'string')
      .map((o) => [o.optionNumber as string, stripEmojis(o.korName as string)]),
  );
  const options = (product.options ?? []).map((o) => ({
    optionNumber: o.optionNumber,
    korName: aiOptions.get(o.optionNumber) || optionKorName(o),
  }));
  const base = {
    ...data,
    productName: name,
    keywords: limitSeoKeywords(
      Array.isArray(data.keywords) || typeof data.keywords === 'string' ? (data.keywords as string[]) : [],
    ),
    metaDescription: typeof data.metaDescription === 'string' ? stripEmojis(data.metaDescription) : '',
    features: dropBlankFeatures(
      Array.isArray(data.features) ? data.features.filter((f) => typeof f === 'string') : [],
    ),
    options: options.length
      ? options
      : [...aiOptions].map(([optionNumber, korName]) => ({ optionNumber, korName })),
  };
  return { ...base, ...scoreSeo(base) };
}

/** W §5: manual SEO needs a product name ('product name is mandatory'); blank features are dropped. */
export function validateManualSeo(input: {
  productName?: string;
  keywords?: readonly string[] | string;
  metaDescription?: string;
  features?: readonly string[];
  options?: readonly SeoOption[];
}): Result<Seo> {
  const name = truncateSeoName(input.productName ?? '');
  if (!name) return fail([issue('seoProductNameRequired', {}, 'productName')]);
  const base = {
    productName: name,
    keywords: limitSeoKeywords(input.keywords),
    metaDescription: stripEmojis(input.metaDescription ?? ''),
    features: dropBlankFeatures(input.features),
    options: [...(input.options ?? [])],
  };
  return ok({ ...base, ...scoreSeo(base) });
}
