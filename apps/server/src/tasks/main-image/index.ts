/**
 * Main image (W §3 Option mainImageStatus, §4 Main image, §5 Images, §8 Recoveries): per option,
 * the option's image (its own SKU image, else the product's first image) through text removal (all
 * text: Coupang refuses text on a representative image, issue 20), fitted by the spec's rule and
 * stored as type main.
 *
 *   1. options are required (처리할 옵션이 없습니다)
 *   2. per option, in order: translate (one run per distinct source image), write the option's
 *      mainImageStatus {status, image, processedImage, dimensions, filesize, textRemoved, requestId}
 *      and the product's status: pending → partially_completed at the first finished option →
 *      completed when all are
 *   3. the end: completed if every option succeeded, partially_completed if some, error if none
 *
 * A failed option keeps its original image with textRemoved false and status error. Options already
 * completed from the same source image are kept.
 */
import {
  deriveMainImageStatus,
  MainImageStatus,
  MESSAGES,
  type ProductFields,
  productPath,
} from '@rr/domain';
import { optionMainImageStatus } from '../../images/product-images/processed-image-record.ts';
import { type ImageStepResult, translateImageStep } from '../../images/translation/translate-image-step.ts';
import type { TaskContext, TaskOutcome, WorkflowTask } from '../../workflow/task.ts';
import { writeTaskFields } from '../../workflow/write-task-fields.ts';
import {
  documentCount,
  type ImageProduct,
  imageStepDeps,
  loadImageProduct,
} from '../images/image-task-context.ts';
import { IMAGE_TASK_MESSAGES } from '../images/image-task-messages.ts';

type Option = ImageProduct['options'][number];

/** The image an option is shown with: its own (SKU) image, else the product's first main image. */
export function sourceImageOf(option: Option, product: ImageProduct): string {
  const own = (option.option1 as { image?: unknown } | undefined)?.image;
  if (typeof own === 'string' && own.trim()) return own.trim();
  return product.mainImages[0]?.trim() ?? '';
}

const statusObjectOf = (s: Option['mainImageStatus']): MainImageStatus | undefined => {
  const parsed = MainImageStatus.safeParse(s);
  return parsed.success ? parsed.data : undefined;
};

async function run(ctx: TaskContext): Promise<TaskOutcome> {
  const product = await loadImageProduct(ctx);
  if (product.options.length === 0) return { status: 'error', message: MESSAGES.noOptionsToProcessKo };
  const deps = imageStepDeps(ctx);
  const supplierCode = await ctx.deps.settings.supplierCode(ctx.companyId);
  const docs = documentCount(product);
  const statuses: (MainImageStatus | undefined)[] = product.options.map((o) =>
    statusObjectOf(o.mainImageStatus),
  );
  const bySource = new Map<string, Promise<ImageStepResult>>();
  let productStatus: string | undefined;
  const skipped: string[] = [];

  for (const [i, option] of product.options.entries()) {
    ctx.signal.throwIfAborted();
    const source = sourceImageOf(option, product);
    const before = statuses[i];
    if (
      before?.status === 'completed' &&
      before.requestId &&
      before.image === source &&
      before.processedImage
    ) {
      continue;
    }
    let status: MainImageStatus;
    if (!source) {
      status = { status: 'error', image: '', processedImage: '', textRemoved: false, requestId: null };
    } else {
      let step = bySource.get(source);
      if (!step) {
        const name = `${product.registrationId}_main_${bySource.size + 1}`;
        // Coupang refuses text on a representative image: every line is removed, none redrawn.
        step = translateImageStep(deps, source, { type: 'main', name, supplierCode }, undefined, 'removeAll');
        bySource.set(source, step);
      }
      status = optionMainImageStatus(source, await step);
    }
    statuses[i] = status;
    const updates: ProductFields = { [productPath('options', i, 'mainImageStatus')]: status };
    if (docs > 0 && status.status === 'completed') {
      updates[productPath('coupangDoc', 'jsonDocument', i, 'imagePage', 'images', 'mainImage')] =
        status.processedImage;
    }
    skipped.push(...(await writeTaskFields(ctx, updates)).skipped);
    // The product's status shows the progress as each option ends (STATUS_WRITE_ALLOW in check-deps).
    const running = deriveMainImageStatus(statuses, false);
    if (running !== 'pending' && running !== productStatus) {
      await ctx.deps.products.setTaskStatus(ctx, 'mainImage', running);
      productStatus = running;
    }
    await ctx.emit({ type: 'product-updated', productId: ctx.productId });
  }

  const final = deriveMainImageStatus(statuses, true);
  const failed = statuses.filter((s) => s?.status !== 'completed').length;
  return {
    status: final,
    ...(failed > 0 ? { message: IMAGE_TASK_MESSAGES.mainImageFailures(failed, statuses.length) } : {}),
    ...(skipped.length > 0 ? { skipped } : {}),
  };
}

export const mainImageTask: WorkflowTask = { name: 'mainImage', run };
