import type { ImageSettings } from '../../entities/settings.ts';

function fileNameOf(url: string): string {
  return (url.split(/[?#]/)[0] ?? '').split('/').pop()?.toLowerCase() ?? '';
}

/** W §4 Detail images: the top image is the setting's URL or a file named with topimage. */
export function isTopImage(url: string, settings?: Partial<ImageSettings>): boolean {
  return (!!settings?.topImageUrl && url === settings.topImageUrl) || fileNameOf(url).includes('topimage');
}

/** W §4 Detail images: the bottom image is the setting's URL or a file named with bottomimage. */
export function isBottomImage(url: string, settings?: Partial<ImageSettings>): boolean {
  return (
    (!!settings?.bottomImageUrl && url === settings.bottomImageUrl) || fileNameOf(url).includes('bottomimage')
  );
}

/** Top and bottom images are skipped for AI processing and the content list. */
export function isFrameImage(url: string, settings?: Partial<ImageSettings>): boolean {
  return isTopImage(url, settings) || isBottomImage(url, settings);
}

/** W §5: a merged image under 2000 characters of data is treated as empty. */
export function isMergedImageEmpty(data: string | null | undefined): boolean {
  return (data ?? '').length < 2000;
}
