import { describe, expect, it } from 'vitest';
import { buildUploadFileName } from './build-upload-file-name.ts';
import { isBottomImage, isFrameImage, isMergedImageEmpty, isTopImage } from './detect-frame-image.ts';
import { parseFontSize } from './font-size.ts';
import { formatFileSize } from './format-file-size.ts';
import { joinAdditionalImages, limitAdditionalImages } from './limit-additional-images.ts';
import { needsImageFit } from './needs-image-fit.ts';

describe('needsImageFit (W §5: under 400 or over 8000 px → 800×800 white canvas)', () => {
  it.each([
    [800, 800, false],
    [400, 8000, false],
    [399, 800, true],
    [800, 8001, true],
    [0, 0, true],
  ])('%s×%s needs fit: %s', (width, height, expected) =>
    expect(needsImageFit({ width, height })).toBe(expected),
  );
});

describe('buildUploadFileName (W §5)', () => {
  it.each([
    ['photo.png', 'S001', 'S001_photo.png'],
    ['photo.JPEG', 'S001', 'S001_photo.jpeg'],
    ['photo.webp', 'S001', 'S001_photo.jpg'],
    ['photo', 'S001', 'S001_photo.jpg'],
    ['https://cdn.example/a/b/img.gif?x=1', 'S001', 'S001_img.gif'],
    ['S001_photo.png', 'S001', 'S001_photo.png'],
    ['photo.png', '', 'photo.png'],
    ['', 'S1', 'S1_image.jpg'],
    ['.png', 'S1', 'S1_image.png'],
    ['my.photo.bmp', 'S1', 'S1_my.photo.jpg'],
  ])('%s + %s → %s', (name, code, expected) => expect(buildUploadFileName(name, code)).toBe(expected));
});

describe('additional images (W §9: at most 9)', () => {
  it('keeps the first nine distinct', () => {
    const list = Array.from({ length: 12 }, (_, i) => `i${i}.jpg`);
    expect(limitAdditionalImages(list)).toEqual(list.slice(0, 9));
    expect(limitAdditionalImages(['a', 'a', ' ', 'b'])).toEqual(['a', 'b']);
    expect(joinAdditionalImages(['a', 'b'])).toBe('a,b');
  });
});

describe('top / bottom images (W §4 Detail images)', () => {
  const settings = { topImageUrl: 'https://x/top.jpg', bottomImageUrl: 'https://x/end.jpg' };
  it.each([
    ['https://x/top.jpg', true, false],
    ['https://x/shop_TopImage_1.png?v=2', true, false],
    ['https://x/end.jpg', false, true],
    ['https://x/bottomimage.png', false, true],
    ['https://x/detail1.jpg', false, false],
  ])('%s → top %s, bottom %s', (url, top, bottom) => {
    expect(isTopImage(url, settings)).toBe(top);
    expect(isBottomImage(url, settings)).toBe(bottom);
    expect(isFrameImage(url, settings)).toBe(top || bottom);
  });
  it('an empty setting never matches by URL', () => {
    expect(isTopImage('', { topImageUrl: '' })).toBe(false);
    expect(isBottomImage('a.jpg')).toBe(false);
  });
  it('treats a merged image under 2000 characters as empty', () => {
    expect(isMergedImageEmpty('x'.repeat(1999))).toBe(true);
    expect(isMergedImageEmpty('x'.repeat(2000))).toBe(false);
    expect(isMergedImageEmpty(null)).toBe(true);
  });
});

describe('parseFontSize (W §9)', () => {
  it.each([
    [32, 32],
    ['36px', 36],
    ['abc', 30],
    [undefined, 30],
    [-5, 30],
  ])('parseFontSize(%o) → %s', (v, e) => expect(parseFontSize(v)).toBe(e));
});

describe('formatFileSize (W §9: B, KB, MB)', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [102400, '100.0 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [undefined, '0 B'],
  ])('%s → %s', (b, e) => expect(formatFileSize(b)).toBe(e));
});

import { decideProcessType } from './decide-process-type.ts';

describe('decideProcessType (W §4 Detail images)', () => {
  it.each([
    [{ isFrameImage: true, translated: false, failed: false }, 'original'],
    [{ isFrameImage: false, translated: true, failed: false }, 'translated'],
    [{ isFrameImage: false, translated: false, failed: true, keptOriginal: true }, 'original'],
    [{ isFrameImage: false, translated: false, failed: true }, 'error'],
    [{ isFrameImage: false, translated: false, failed: false }, 'original'],
  ])('%o → %s', (input, expected) => expect(decideProcessType(input)).toBe(expected));
});
