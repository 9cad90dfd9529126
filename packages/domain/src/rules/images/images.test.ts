import { describe, expect, it } from 'vitest';
import { adjustBoundingBox } from './adjust-bounding-box.ts';
import { buildUploadFileName } from './build-upload-file-name.ts';
import {
  isBottomImage,
  isFrameImage,
  isMergedImageEmpty,
  isTopImage,
  needsDetailImageProcessing,
} from './detect-frame-image.ts';
import { classifyFontSize, fallbackFontSize, parseFontSize, snapFontSize } from './font-size.ts';
import { formatFileSize } from './format-file-size.ts';
import { joinAdditionalImages, limitAdditionalImages } from './limit-additional-images.ts';
import { needsImageFit, planImageFit } from './plan-image-fit.ts';

describe('planImageFit (W §5: under 400 or over 8000 px → 800×800 white canvas)', () => {
  it.each([
    [800, 800, false],
    [400, 8000, false],
    [399, 800, true],
    [800, 8001, true],
    [0, 0, true],
  ])('%s×%s needs fit: %s', (width, height, expected) =>
    expect(needsImageFit({ width, height })).toBe(expected),
  );

  it('keeps or centres', () => {
    expect(planImageFit({ width: 1000, height: 1000 })).toEqual({ action: 'keep' });
    expect(planImageFit({ width: 300, height: 150 })).toEqual({
      action: 'fit',
      canvas: { width: 800, height: 800, background: '#ffffff' },
      draw: { x: 0, y: 200, width: 800, height: 400 },
    });
    expect(planImageFit({ width: 790, height: 9000 })).toMatchObject({
      draw: { width: 70, height: 800, x: 365, y: 0 },
    });
    expect(planImageFit({ width: 0, height: 0 })).toMatchObject({ draw: { width: 800, height: 800 } });
  });
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
  it.each([
    [{ url: 'a.jpg' }, true],
    [{ url: 'a.jpg', requestId: 'r1' }, false],
    [{ originalUrl: 'https://x/top.jpg', url: 'b.jpg' }, false],
    [{}, false],
  ])('needsDetailImageProcessing %o → %s', (image, expected) =>
    expect(needsDetailImageProcessing(image, settings)).toBe(expected),
  );
  it('treats a merged image under 2000 characters as empty', () => {
    expect(isMergedImageEmpty('x'.repeat(1999))).toBe(true);
    expect(isMergedImageEmpty('x'.repeat(2000))).toBe(false);
    expect(isMergedImageEmpty(null)).toBe(true);
  });
});

describe('adjustBoundingBox (W §9)', () => {
  it.each([
    // language, source, target, font, width, height
    ['zh', '四个字符', '네글자임', 30, 100, 100], // ratio 1
    ['zh', '四个字符', '여섯글자입니', 30, 150, 140], // 1.5
    ['zh', '十个字符十个字符十个', '열네글자짜리한국어문장입니다', 30, 140, 140], // 1.4
    ['zh', '十个字符十个字符十个', '여섯글자입니', 30, 80, 100], // 0.6
    ['zh', '十个字符十个字符十个', '일곱글자입니다', 30, 100, 100], // 0.7 is not below 0.7
    ['zh', '四个字符', '여섯글자입니', 48, 160, 150],
    ['en', 'abcde', '한국어여섯자', 30, 100, 100], // 1.2 is not above 1.2
    ['en', 'abcde', '한국어여섯자입', 30, 140, 140], // 1.4
    ['en', 'abcdefghij', '열글자짜리한국어입니다한국어문장', 30, 160, 150], // 1.6
    ['en', 'abcdefghij', '일곱글자입니', 30, 85, 100], // 0.6
    ['en', 'abcdefghij', '일곱글자입니다다', 52, 115, 115], // 0.8 → 100 + 15
  ] as const)('%s %s → %s (font %s) = %s×%s', (language, sourceText, targetText, fontSize, w, h) => {
    const r = adjustBoundingBox({ language, sourceText, targetText, fontSize });
    expect(r).toEqual({ width_percent: w, height_percent: h });
  });
});

describe('font sizes (W §9)', () => {
  it.each([
    [32, 32],
    ['36px', 36],
    ['abc', 30],
    [undefined, 30],
    [-5, 30],
  ])('parseFontSize(%o) → %s', (v, e) => expect(parseFontSize(v)).toBe(e));
  it('falls back to 40', () => expect(fallbackFontSize()).toBe(40));
  it.each([
    [50, 'heading', 50],
    [46, 'heading', 48],
    [44, 'subheading', 42],
    [40, 'subheading', 40],
    [33, 'subheading', 36],
    [32, 'body', 30],
    [12, 'body', 24],
  ] as const)('%s → %s, snapped %s', (size, group, snapped) => {
    expect(classifyFontSize(size)).toBe(group);
    expect(snapFontSize(size)).toBe(snapped);
  });
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
