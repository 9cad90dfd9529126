import {
  containsCjk,
  dropBlankFeatures,
  limitSeoKeywords,
  MESSAGES,
  mergeCollectedKeywords,
  normalizeSeo,
  removeListedWords,
  replaceCjkWithKorean,
  type Seo,
  type SeoProductSource,
  scoreSeo,
  stripEmojis,
  syncDocumentNames,
  truncateSeoName,
} from '@rr/domain';
import { AiError } from '../../ai/ai-error.ts';
import { seoWork } from '../../ai/prompts/seo.ts';
import { seoValidationWork } from '../../ai/prompts/seo-validation.ts';
import type { AiProviderConfig } from '../../ai/providers/provider.ts';
import { wordLists } from '../../exports/export-settings.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';
import { joinMessages, TASK_MESSAGES } from '../shared/task-messages.ts';
import {
  aiContext,
  aiProviderOf,
  loadTaskProduct,
  optionNumberOf,
  optionValuesOf,
  promptProductOf,
  type TaskProduct,
  text,
} from '../shared/task-product.ts';

// SEO (W §5 SEO, §8 Recoveries, §9 SEO scoring):
// 1. the AI writes a Korean name (≤ 70), keywords (≤ 10), a description, features and one Korean
//    name per option; when it fails, default SEO data built from the product is used;
// 2. emojis are stripped, limits applied, a missing name falls back to the defaults;
// 3. Chinese characters left anywhere go through SEO_VALIDATION, and when that fails through the
//    local replacement table;
// 4. the product's seo block and each option's Korean name are written (seller edits kept), and
//    the score is computed over what is stored.

export const seoTask: WorkflowTask = {
  name: 'seo',
  async run(ctx) {
    const product = await loadTaskProduct(ctx);
    if (!product) return { status: 'error', message: MESSAGES.invalidProduct };
    const ai = await aiProviderOf(ctx);

    const generated = await generateSeo(ctx, ai, product);
    if (ctx.signal.aborted) return cancelled();
    const korean = await removeChinese(ctx, ai, generated.seo);
    if (ctx.signal.aborted) return cancelled();
    // Issue 42: the keywords collected on Coupang's search for this product come first.
    const collected = await withCollectedKeywords(ctx, korean.seo);
    const seo = withoutListedWords(tidy(collected.seo), await listedWordsOf(ctx));
    if (!seo.productName) return { status: 'error', message: MESSAGES.seoGenerationFailed };

    const source = generated.fromAi ? 'ai' : 'source';
    const optionNames = optionKoreanNames(product, seo);
    const keywords = await writeTaskFields(
      ctx,
      { 'seo.keywords': seo.keywords },
      { source: collected.used && seo.keywords.length > 0 ? 'collected' : source },
    );
    const { skipped: others } = await writeTaskFields(
      ctx,
      {
        'seo.productName': seo.productName,
        'seo.metaDescription': seo.metaDescription,
        'seo.features': seo.features,
        'seo.options': seo.options,
        ...Object.fromEntries(
          optionNames.flatMap((name, i) => (name ? [[`options.${i}.korName`, name] as const] : [])),
        ),
        // Issue 20: the documents' names follow the SEO name (a seller-edited one is skipped).
        ...syncDocumentNames(seo.productName, product.doc.coupangDoc?.jsonDocument?.length ?? 0),
      },
      { source },
    );
    const skipped = [...keywords.skipped, ...others];
    await writeScore(ctx, source);

    return {
      status: 'completed',
      message: joinMessages(
        generated.fromAi ? undefined : TASK_MESSAGES.seoDefaultsUsed(generated.reason),
        korean.usedTable ? TASK_MESSAGES.seoTableUsed : undefined,
        skipped.length ? TASK_MESSAGES.keptSellerEdits(skipped) : undefined,
      ),
      skipped,
    };
  },
};

function cancelled(): TaskOutcome {
  return { status: 'pending', message: TASK_MESSAGES.cancelled };
}

/** The product as the SEO rules read it (defaults come from its Korean or source names). */
function seoSourceOf(product: TaskProduct): SeoProductSource {
  const d = product.doc;
  return {
    productName: text(d.productName) || text(d.subject),
    productNameTrans: text(d.productNameTrans) || text(d.subjectTrans),
    korName: text(d.korName),
    options: product.options.map((o, i) => ({
      optionNumber: optionNumberOf(o, i, product.registrationId),
      korName: text(o.korName),
      option1: o.option1 ? { name: text(o.option1.name), nameTrans: text(o.option1.nameTrans) } : undefined,
      option2: o.option2 ? { name: text(o.option2.name), nameTrans: text(o.option2.nameTrans) } : undefined,
    })),
  };
}

/** Step 1–2: the AI's SEO, or the defaults when the AI fails (W §8 Recoveries). */
async function generateSeo(
  ctx: TaskContext,
  ai: AiProviderConfig,
  product: TaskProduct,
): Promise<{ seo: Seo; fromAi: true } | { seo: Seo; fromAi: false; reason: string }> {
  const source = seoSourceOf(product);
  try {
    const answer = await ctx.deps.ai.run(
      ai,
      seoWork,
      { productId: ctx.productId, product: promptProductOf(product) },
      aiContext(ctx),
    );
    return { seo: normalizeSeo(answer, source), fromAi: true };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    return { seo: normalizeSeo(null, source), fromAi: false, reason: error.userMessage.ko };
  }
}

/** Step 3: Chinese left in any text goes through SEO_VALIDATION, else the replacement table. */
async function removeChinese(
  ctx: TaskContext,
  ai: AiProviderConfig,
  seo: Seo,
): Promise<{ seo: Seo; usedTable: boolean }> {
  const texts = [
    seo.productName,
    seo.metaDescription,
    ...seo.keywords,
    ...seo.features,
    ...seo.options.map((o) => o.korName),
  ];
  const foreign = [...new Set(texts.filter((t) => containsCjk(t)))];
  if (foreign.length === 0) return { seo, usedTable: false };
  const fixed = new Map<string, string>();
  let usedTable = false;
  try {
    const answer = await ctx.deps.ai.run(
      ai,
      seoValidationWork,
      { productId: ctx.productId, texts: foreign },
      aiContext(ctx),
    );
    answer.results.forEach((r, i) => {
      const original = foreign.includes(r.original) ? r.original : foreign[i];
      if (original !== undefined && !containsCjk(r.corrected)) fixed.set(original, stripEmojis(r.corrected));
    });
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
  }
  const korean = (t: string) => {
    if (!containsCjk(t)) return t;
    const done = fixed.get(t);
    if (done !== undefined) return done;
    usedTable = true;
    return replaceCjkWithKorean(t);
  };
  return {
    seo: {
      ...seo,
      productName: korean(seo.productName),
      metaDescription: korean(seo.metaDescription),
      keywords: seo.keywords.map(korean),
      features: seo.features.map(korean),
      options: seo.options.map((o) => ({ ...o, korName: korean(o.korName) })),
    },
    usedTable,
  };
}

/**
 * The product's keywords collected on Coupang (TaskDeps.keywords), first in the SEO keywords
 * (`mergeCollectedKeywords`); `used`: at least one of them is in the list.
 */
async function withCollectedKeywords(ctx: TaskContext, seo: Seo): Promise<{ seo: Seo; used: boolean }> {
  const collected = (await ctx.deps.keywords?.forProduct(ctx.companyId, ctx.productId)) ?? [];
  if (collected.length === 0) return { seo, used: false };
  const merged = mergeCollectedKeywords(seo.keywords, collected);
  return { seo: { ...seo, keywords: merged.keywords }, used: merged.fromCollected > 0 };
}

/** The spec's limits once more after the Korean replacements (name ≤ 70, keywords ≤ 10, no blanks). */
function tidy(seo: Seo): Seo {
  return {
    ...seo,
    productName: truncateSeoName(seo.productName),
    keywords: limitSeoKeywords(seo.keywords),
    metaDescription: stripEmojis(seo.metaDescription),
    features: dropBlankFeatures(seo.features),
    options: seo.options.map((o) => ({ ...o, korName: stripEmojis(o.korName) })),
  };
}

/** The banned and other-brand words of the pre-flight (the seller's lists included), and the own brand. */
async function listedWordsOf(ctx: TaskContext) {
  const [settings, defaults] = await Promise.all([
    ctx.deps.settings.exportSettings(ctx.companyId),
    ctx.deps.settings.defaults(ctx.companyId),
  ]);
  return { lists: wordLists(settings), ownBrand: defaults.brand ?? '' };
}

/** Issue 20: the name and keywords leave out words the pre-flight refuses (a keyword of only such words goes). */
function withoutListedWords(seo: Seo, words: Awaited<ReturnType<typeof listedWordsOf>>): Seo {
  const clean = (t: string) => removeListedWords(t, words.lists, words.ownBrand);
  return {
    ...seo,
    productName: clean(seo.productName) || seo.productName,
    keywords: seo.keywords.map(clean).filter((k) => k.length > 0),
  };
}

/** Each option's Korean name: the SEO's, else its source names through the replacement table. */
function optionKoreanNames(product: TaskProduct, seo: Seo): string[] {
  return product.options.map((o, i) => {
    const number = optionNumberOf(o, i, product.registrationId);
    const fromSeo = seo.options.find((s) => s.optionNumber === number)?.korName ?? '';
    if (fromSeo && !containsCjk(fromSeo)) return fromSeo;
    const names = optionValuesOf(o);
    return stripEmojis(replaceCjkWithKorean(names.join(' ')));
  });
}

/** Step 4: the score of the SEO as stored (a seller-edited name counts as it is), W §9 weights. */
async function writeScore(ctx: TaskContext, source: 'ai' | 'source'): Promise<void> {
  const row = await ctx.deps.products.find(ctx.companyId, ctx.productId);
  const stored = row?.doc.seo ?? {};
  const { score, scoreBreakdown } = scoreSeo({
    productName: text(stored.productName),
    keywords: stored.keywords ?? [],
    metaDescription: text(stored.metaDescription),
    features: stored.features ?? [],
  });
  await writeTaskFields(ctx, { 'seo.score': score, 'seo.scoreBreakdown': scoreBreakdown }, { source });
}
