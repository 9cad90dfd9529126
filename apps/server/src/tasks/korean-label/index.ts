import {
  buildLabelImageEntry,
  completeKoreanLabels,
  KOREAN_LABEL_DEFAULTS,
  type KoreanLabelSource,
  type KoreanLabels,
  MESSAGES,
  type ProductFields,
  productPath,
  readFieldSources,
  replaceCjkWithKorean,
  resolveTaskValue,
} from '@rr/domain';
import { AiError } from '../../ai/ai-error.ts';
import { koreanLabelSingleWork } from '../../ai/prompts/korean-label-single.ts';
import { koreanLabelsWork } from '../../ai/prompts/korean-labels.ts';
import type { AiProviderConfig } from '../../ai/providers/provider.ts';
import { renderKoreanLabel } from '../../images/render/korean-label.ts';
import type { TaskContext, WorkflowTask } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';
import { storeTaskImage } from '../shared/store-image.ts';
import { joinMessages, TASK_MESSAGES } from '../shared/task-messages.ts';
import {
  aiContext,
  aiProviderOf,
  isRecord,
  loadTaskProduct,
  optionDocumentCount,
  optionNumberOf,
  promptProductOf,
  type TaskProduct,
  text,
} from '../shared/task-product.ts';
import { LABEL_TITLE, labelRowsOf } from './label-rows.ts';

// Korean label (W §4 Korean label, §9 Korean label defaults and AI limits):
// 1. a batch of per-option labels from the AI (KOREAN_LABELS, 120 s);
// 2. on batch failure a single-prompt fallback (45 s), one label for every option;
// 3. on its failure the defaults (made in China, 14세이상, the caution, 상세정보참조);
// 4. each distinct label is rendered to a PNG with the bundled Korean font and stored as type
//    koreanLabel;
// 5. koreanLabels / koreanLabelImage are written on the product and its options, and each option
//    document gets the label image (imagePage.images.labelImages, 제품 한글 표시사항 라벨 또는 도안 이미지).
// Ends completed (W §4); only a failure to render or store the image is an error.

type Labels = { perOption: KoreanLabels[]; origin: 'batch' | 'single' | 'defaults' };

export const koreanLabelTask: WorkflowTask = {
  name: 'koreanLabel',
  async run(ctx) {
    const product = await loadTaskProduct(ctx);
    if (!product) return { status: 'error', message: MESSAGES.invalidProduct };
    const ai = await aiProviderOf(ctx);
    const settings = await ctx.deps.settings.defaults(ctx.companyId);
    const source: KoreanLabelSource = {
      productName: koreanProductName(product),
      manufacturer: settings.manufacturer,
      importer: settings.importer,
    };

    const labels = await labelsFromAi(ctx, ai, product, source);
    if (ctx.signal.aborted) return { status: 'pending', message: TASK_MESSAGES.cancelled };

    // The images show what will be stored: a label text the seller edited is drawn as edited.
    const stored = readFieldSources(product.doc.fieldSources);
    const drawn = labels.perOption.map((label, i) => {
      const path = product.options.length ? productPath('options', i, 'koreanLabels') : 'koreanLabels';
      const value = resolveTaskValue(product.doc, stored, path, label);
      const r = isRecord(value) ? value : {};
      return completeKoreanLabels(
        { content: text(r.content), material: text(r.material), type: text(r.type) },
        source,
      );
    });
    let images: string[];
    try {
      images = await renderAndStore(ctx, product, drawn, source);
    } catch (error) {
      return { status: 'error', message: TASK_MESSAGES.imageStoreFailed(String((error as Error).message)) };
    }

    const { skipped } = await writeTaskFields(ctx, labelUpdates(product, labels.perOption, images), {
      source: labels.origin === 'defaults' ? 'source' : 'ai',
    });
    return {
      status: 'completed',
      message: joinMessages(
        labels.origin === 'single' ? TASK_MESSAGES.labelFallbackUsed : undefined,
        labels.origin === 'defaults' ? TASK_MESSAGES.labelDefaultsUsed : undefined,
        skipped.length ? TASK_MESSAGES.keptSellerEdits(skipped) : undefined,
      ),
      skipped,
    };
  },
};

/** The product's Korean name for the label: the SEO name, else its translated or converted name. */
function koreanProductName(product: TaskProduct): string {
  const d = product.doc;
  const seoName = text(d.seo?.productName);
  return (
    seoName ||
    text(d.korName) ||
    text(d.productNameTrans) ||
    replaceCjkWithKorean(text(d.productName) || text(d.subject))
  );
}

/** Steps 1–3: batch → single prompt → defaults. One label per option (one for a product without options). */
async function labelsFromAi(
  ctx: TaskContext,
  ai: AiProviderConfig,
  product: TaskProduct,
  source: KoreanLabelSource,
): Promise<Labels> {
  const numbers = product.options.length
    ? product.options.map((o, i) => optionNumberOf(o, i, product.registrationId))
    : [null];
  const input = { productId: ctx.productId, product: promptProductOf(product) };
  try {
    const answer = await ctx.deps.ai.run(ai, koreanLabelsWork, input, aiContext(ctx));
    if (answer.labels.length > 0) {
      const byNumber = new Map(
        answer.labels.map(({ optionNumber, ...label }) => [optionNumber, label] as const),
      );
      const first = byNumber.values().next().value;
      return {
        origin: 'batch',
        perOption: numbers.map((n) => completeKoreanLabels((n && byNumber.get(n)) || first, source)),
      };
    }
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
  }
  if (ctx.signal.aborted) return { origin: 'defaults', perOption: [] };
  try {
    const one = await ctx.deps.ai.run(ai, koreanLabelSingleWork, input, {
      ...aiContext(ctx),
      variant: 'KOREAN_LABELS_FALLBACK',
    });
    const label = completeKoreanLabels(one, source);
    return { origin: 'single', perOption: numbers.map(() => label) };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
  }
  const label = completeKoreanLabels(null, source);
  return { origin: 'defaults', perOption: numbers.map(() => label) };
}

/** Step 4: one image per distinct label, stored as type koreanLabel; answers each option's URL. */
async function renderAndStore(
  ctx: TaskContext,
  product: TaskProduct,
  labels: readonly KoreanLabels[],
  source: KoreanLabelSource,
): Promise<string[]> {
  const maker = text(source.importer) || text(source.manufacturer) || KOREAN_LABEL_DEFAULTS.placeholder;
  const byContent = new Map<string, string>();
  const urls: string[] = [];
  for (const [i, label] of labels.entries()) {
    const rows = labelRowsOf(label, maker);
    const key = JSON.stringify(rows);
    let url = byContent.get(key);
    if (!url) {
      const png = renderKoreanLabel(LABEL_TITLE, rows);
      url = await storeTaskImage(ctx, 'koreanLabel', `${product.registrationId}-${i + 1}`, png);
      byContent.set(key, url);
    }
    urls.push(url);
  }
  return urls;
}

/** Step 5: the fields written, per option and on the product (the first option's label). */
function labelUpdates(
  product: TaskProduct,
  labels: readonly KoreanLabels[],
  images: readonly string[],
): ProductFields {
  const updates: ProductFields = {
    koreanLabels: labels[0],
    koreanLabelImage: images[0],
  };
  const documents = optionDocumentCount(product.doc);
  product.options.forEach((_, i) => {
    updates[productPath('options', i, 'koreanLabels')] = labels[i];
    updates[productPath('options', i, 'koreanLabelImage')] = images[i];
  });
  for (let i = 0; i < documents; i++) {
    const image = images[Math.min(i, images.length - 1)];
    if (image)
      updates[productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'images', 'labelImages')] = [
        buildLabelImageEntry(image),
      ];
  }
  return updates;
}
