import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSizeChartFallback } from '../../src/images/render/size-chart.ts';
import { sizeChartTask } from '../../src/tasks/size-chart/index.ts';
import { createFakeDeps, fakeContext } from '../support/fake-task-deps.ts';
import { registered, SPATULA, TSHIRT } from './size-chart-fixtures.ts';
import { importedTshirt } from './support.ts';

// The size chart task's rules that need no AI, on fakes of TaskDeps (no database): a product in
// memory whose rocketRegInfo holds the real category schema (the shipped Coupang metadata).

describe('size chart task without AI work (fakes)', () => {
  it('is disabled when the category does not need a size chart image, or the product has no category', async () => {
    const deps = createFakeDeps();
    const spatula = deps.products.add(registered(SPATULA));
    expect((await sizeChartTask.run(fakeContext(deps, spatula))).status).toBe('disabled');
    const unregistered = deps.products.add(importedTshirt());
    expect((await sizeChartTask.run(fakeContext(deps, unregistered))).status).toBe('disabled');
    expect(deps.products.docOf(spatula).sizeChart).toBeUndefined();
  });

  it('uses the default chart when there are no detail images, stored as a sizeChart image', async () => {
    const deps = createFakeDeps({ settings: { supplierCode: 'ABC' } });
    const id = deps.products.add(registered(TSHIRT, { ...importedTshirt(), detailImages: [] }));
    const outcome = await sizeChartTask.run(fakeContext(deps, id));
    expect(outcome).toMatchObject({ status: 'completed' });
    expect(outcome.message?.ko).toBe('상세 이미지가 없어 기본 사이즈표를 사용했습니다.');
    const doc = deps.products.docOf(id);
    expect(doc.sizeChart.sizes).toEqual(['S', 'M', 'L', 'XL']);
    expect(doc.sizeChartImage).toMatch(/\.png$/);
    expect(doc.coupangDoc.jsonDocument[1].imagePage.images.sizeChartImage).toBe(doc.sizeChartImage);
    // The default chart is the category's, not the AI's.
    expect(doc.fieldSources.sizeChart).toBe('source');
    // The task returns its outcome; the status field is the runner's to write.
    expect(doc.sizeChartStatus).toBeUndefined();
  });

  it('answers an unknown product with the spec’s message', async () => {
    const deps = createFakeDeps();
    const outcome = await sizeChartTask.run(fakeContext(deps, '00000000-0000-4000-8000-000000000000'));
    expect(outcome).toMatchObject({ status: 'error', message: { ko: '유효하지 않은 상품 정보입니다' } });
  });

  it('the fallback image is a 600×300 PNG', async () => {
    expect(await sharp(renderSizeChartFallback()).metadata()).toMatchObject({
      format: 'png',
      width: 600,
      height: 300,
    });
  });
});
