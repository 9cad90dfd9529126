import type { SKRSContext2D } from '@napi-rs/canvas';
import { FONT_FAMILY } from '../translate/render.ts';

/** `bold? size px family` with the bundled Pretendard (registerFonts() must have run). */
export function font(sizePx: number, bold = false): string {
  return `${sizePx}px "${bold ? FONT_FAMILY.bold : FONT_FAMILY.normal}"`;
}

/**
 * Breaks text into lines that fit `maxWidth` with the context's current font: at spaces when it
 * can, inside a word (Korean has no hyphenation) when a word alone is too wide. Keeps given breaks.
 */
export function wrapText(ctx: SKRSContext2D, text: string, maxWidth: number): string[] {
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
      if (fits(token)) {
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
