import { Badge, Card, Group, Modal, SegmentedControl, Switch, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useImageT } from './i18n';
import { ImagePanel, OcrOverlay } from './image-panel';
import classes from './image-translate.module.css';
import { shownVersion, ZOOMS } from './image-translate-state';
import { type PanelKey, useSyncedScroll } from './synced-scroll';
import type { ImageTranslate } from './use-image-translate';

type Size = { width: number; height: number };

/** The original (with its OCR boxes), the text-removed and the translated image side by side; one can be enlarged. */
export function ImageCompare({ screen }: { screen: ImageTranslate }) {
  const { t } = useImageT();
  const { state, dispatch } = screen;
  const { job, edited, shown, hover, view } = state;
  // which panel the enlarged view shows (the modal is open while set)
  const [enlarged, setEnlarged] = useState<PanelKey | null>(null);
  const scroll = useSyncedScroll();

  const version = shownVersion(state);
  const zoom = Number(view.zoom);
  const panelUrl: Record<PanelKey, string | null> = {
    original: job?.originUrl ?? null,
    removed: job?.rmUrl ?? null,
    translated: version?.url ?? null,
  };
  const panelTitle: Record<PanelKey, string> = {
    original: t('panel.original'),
    removed: t('panel.removed'),
    translated: t('panel.translated'),
  };
  const overlayFor = (size: Size) =>
    view.showBoxes && job ? (
      <OcrOverlay
        items={edited}
        width={size.width}
        height={size.height}
        active={hover}
        onHover={(i) => dispatch({ type: 'hover', index: i })}
        onSelect={(i) => dispatch({ type: 'pickBox', index: i })}
      />
    ) : null;

  return (
    <Card withBorder padding="sm">
      <Group justify="space-between" mb="xs" wrap="wrap" gap="xs">
        <Group gap="xs">
          {version && (
            <>
              <Text size="sm" c="dimmed">
                {t('requestId')}
              </Text>
              <Badge variant="light" ff="monospace" tt="none" data-testid="request-id">
                {version.requestId}
              </Badge>
            </>
          )}
          {job && job.versions.length > 1 && (
            <SegmentedControl
              size="xs"
              value={String(shown)}
              onChange={(v) => dispatch({ type: 'show', version: Number(v) })}
              aria-label={t('version')}
              data={job.versions.map((_, i) => ({
                value: String(i),
                label: i === 0 ? t('versionOriginal') : t('versionEdited', { n: i + 1 }),
              }))}
            />
          )}
        </Group>
        <Group gap="md">
          <Switch
            size="xs"
            label={t('showBoxes')}
            checked={view.showBoxes}
            onChange={(e) => dispatch({ type: 'showBoxes', on: e.currentTarget.checked })}
          />
          <Group gap={6}>
            <Text size="sm">{t('zoom')}</Text>
            <SegmentedControl
              size="xs"
              value={view.zoom}
              onChange={(v) => dispatch({ type: 'zoom', zoom: v })}
              aria-label={t('zoom')}
              data={ZOOMS.map((v) => ({ value: v, label: v === '1' ? t('fit') : `${Number(v) * 100}%` }))}
            />
          </Group>
        </Group>
      </Group>
      <div className={classes.panels}>
        <ImagePanel
          title={panelTitle.original}
          testId="panel-original"
          url={panelUrl.original}
          zoom={zoom}
          overlay={overlayFor}
          onEnlarge={() => setEnlarged('original')}
          extra={
            job && (
              <Badge size="xs" variant="outline">
                {t('panel.boxCount', { count: edited.length })}
              </Badge>
            )
          }
          {...scroll('original')}
        />
        <ImagePanel
          title={panelTitle.removed}
          testId="panel-removed"
          url={panelUrl.removed}
          zoom={zoom}
          onEnlarge={() => setEnlarged('removed')}
          {...scroll('removed')}
        />
        <ImagePanel
          title={panelTitle.translated}
          testId="panel-translated"
          url={panelUrl.translated}
          zoom={zoom}
          onEnlarge={() => setEnlarged('translated')}
          {...scroll('translated')}
        />
      </div>
      <Modal
        opened={enlarged !== null}
        onClose={() => setEnlarged(null)}
        title={enlarged ? panelTitle[enlarged] : ''}
        size="90%"
        centered
      >
        {enlarged && panelUrl[enlarged] && (
          <div className={classes.stage} style={{ maxWidth: '100%' }}>
            <img src={panelUrl[enlarged] ?? ''} alt={panelTitle[enlarged]} />
            {enlarged === 'original' && job && (
              <EnlargedOverlay url={panelUrl.original ?? ''} render={overlayFor} />
            )}
          </div>
        )}
      </Modal>
    </Card>
  );
}

/** The overlay in the enlarged view needs the image's natural size too. */
function EnlargedOverlay({ url, render }: { url: string; render: (size: Size) => ReactNode }) {
  const [size, setSize] = useState<Size | null>(null);
  useEffect(() => {
    const img = new Image();
    img.onload = () => setSize({ width: img.naturalWidth, height: img.naturalHeight });
    img.src = url;
  }, [url]);
  return size ? render(size) : null;
}
