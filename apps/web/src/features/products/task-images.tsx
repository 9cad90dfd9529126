import type { RocketProduct } from '@rr/contracts';
import { CoupangFieldReason } from '../coupang/coupang-field-reason';
import { AdditionalImageBody, DetailImageBody } from './image-list-bodies';
import { KoreanLabelBody } from './korean-label-body';
import { MainImageBody } from './main-image-body';
import { SizeChartBody } from './size-chart-body';

export type ImageTask = 'mainImage' | 'additionalImage' | 'detailImage' | 'koreanLabel' | 'sizeChart';

/** The output of an image task, shown as images, under Coupang's denial reasons about images. */
export function ImageTaskBody({ p, task }: { p: RocketProduct; task: ImageTask }) {
  return (
    <>
      <CoupangFieldReason registration={p.coupangRegistration} field="image" />
      <ImageTaskOutput p={p} task={task} />
    </>
  );
}

/** The output of an image task, shown as images (never raw data as the main view). */
function ImageTaskOutput({ p, task }: { p: RocketProduct; task: ImageTask }) {
  switch (task) {
    case 'mainImage':
      return <MainImageBody p={p} />;
    case 'additionalImage':
      return <AdditionalImageBody p={p} />;
    case 'detailImage':
      return <DetailImageBody p={p} />;
    case 'koreanLabel':
      return <KoreanLabelBody p={p} />;
    case 'sizeChart':
      return <SizeChartBody p={p} />;
  }
}
