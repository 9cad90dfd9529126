/**
 * The bundled Pretendard font (npm package `pretendard`, never a system font) and text wrapping,
 * shared by the image translation renderer, the Korean label and the size chart.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('pretendard/package.json')), 'dist/public/static');
export const FONT_FAMILY = { normal: 'RR Pretendard Medium', bold: 'RR Pretendard Bold' } as const;
export const FONT_FILES = {
  normal: path.join(FONT_DIR, 'Pretendard-Medium.otf'),
  bold: path.join(FONT_DIR, 'Pretendard-Bold.otf'),
} as const;

let fontsReady = false;
export function registerFonts(): void {
  if (fontsReady) return;
  GlobalFonts.registerFromPath(FONT_FILES.normal, FONT_FAMILY.normal);
  GlobalFonts.registerFromPath(FONT_FILES.bold, FONT_FAMILY.bold);
  fontsReady = true;
}

/** `bold? size px family` with the bundled Pretendard (registerFonts() must have run). */
export function font(sizePx: number, bold = false): string {
  return `${sizePx}px "${bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
}

/**
 * Breaks text into lines that fit `maxWidth` with the context's current font: at spaces when it
 * can, inside a word (Korean has no hyphenation) when a word alone is too wide, unless
 * `breakWords` is false (the too-wide word then stays whole on its own line). Keeps given breaks
 * and the spaces inside a line as they are.
 */
export function wrapText(
  ctx: SKRSContext2D,
  text: string,
  maxWidth: number,
  opts: { breakWords?: boolean } = {},
): string[] {
  const breakWords = opts.breakWords ?? true;
  const fits = (t: string) => ctx.measureText(t).width <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const token of paragraph.split(/(\s+)/)) {
      if (token === '') continue;
      if (fits(line + token)) {
        line += token;
        continue;
      }
      if (/^\s+$/.test(token)) {
        lines.push(line.trimEnd());
        line = '';
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
      if (fits(token) || !breakWords) {
        line = token;
        continue;
      }
      // A single word wider than the line: cut it by characters.
      for (const ch of Array.from(token)) {
        if (!fits(line + ch) && line !== '') {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
