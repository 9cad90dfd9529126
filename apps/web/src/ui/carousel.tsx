import { ActionIcon, Box, Group, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2: 2 slides by default; 1 below 992 px and below 480 px. */
export function slidesPerView(viewportWidth: number): 1 | 2 {
  if (viewportWidth < 480) return 1;
  if (viewportWidth < 992) return 1;
  return 2;
}

type Props = { label: string; slides: ReactNode[] };

/** A simple keyboard-operable carousel showing `slidesPerView` slides at a time. */
export function Carousel({ label, slides }: Props) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 992px)', true, { getInitialValueInEffect: false });
  const perView = slidesPerView(wide ? 992 : 991);
  const [start, setStart] = useState(0);
  const lastStart = Math.max(0, slides.length - perView);
  const first = Math.min(start, lastStart);
  const visible = slides.slice(first, first + perView);
  const go = (delta: number) => setStart(Math.min(lastStart, Math.max(0, first + delta)));

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') go(1);
        if (e.key === 'ArrowLeft') go(-1);
      }}
    >
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Group gap={4}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {first + 1}
            {perView > 1 && visible.length > 1 ? `–${first + visible.length}` : ''} / {slides.length}
          </Text>
          <ActionIcon
            variant="default"
            size="sm"
            onClick={() => go(-1)}
            disabled={first === 0}
            aria-label={t('common.previous')}
          >
            ‹
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="sm"
            onClick={() => go(1)}
            disabled={first >= lastStart}
            aria-label={t('common.next')}
          >
            ›
          </ActionIcon>
        </Group>
      </Group>
      <SimpleGrid cols={perView} spacing="sm" data-testid="carousel-track" data-per-view={perView}>
        {visible.map((slide, i) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: a slide is identified by its position in the list
            key={first + i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${first + i + 1} / ${slides.length}`}
          >
            {slide}
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
