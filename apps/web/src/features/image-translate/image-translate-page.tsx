import { Alert, Loader, Stack } from '@mantine/core';
import { TitleSection } from '../../ui/title-section';
import { useImageT } from './i18n';
import { ImageCompare } from './image-compare';
import { OcrEditor } from './ocr-editor';
import { SourceCard } from './source-card';
import { useImageTranslate } from './use-image-translate';

/**
 * AIimage: translate one image (a file, an address or an earlier request), compare the original,
 * text-removed and translated images, edit the OCR items and draw a new version from them.
 * The screen's state machine is `image-translate-state.ts`; its calls are in `use-image-translate.ts`.
 */
export default function ImageTranslatePage() {
  const { t } = useImageT();
  const screen = useImageTranslate();
  const { state, dispatch, busy } = screen;
  const { stage, error, job } = state;

  return (
    <Stack gap="sm">
      <TitleSection title={t('title')} description={t('description')} />
      <SourceCard screen={screen} />
      {busy && (
        <Alert color="blue" variant="light" icon={<Loader size="xs" />} data-testid="stage">
          {t(`stage.${stage}`)}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          title={t('common.error', { ns: 'translation' })}
          withCloseButton
          onClose={() => dispatch({ type: 'dismissError' })}
        >
          {error}
        </Alert>
      )}
      {job?.ocrError && (
        <Alert color="yellow" variant="light">
          {job.ocrError}
        </Alert>
      )}
      <ImageCompare screen={screen} />
      {job && <OcrEditor screen={screen} />}
    </Stack>
  );
}
