// W §5 SEO: emojis are stripped from translated text.
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Presentation}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]|\u200D|\uFE0E|\uFE0F|\u20E3/gu;

/** Removes emoji (pictographs, flags, skin tones, joiners, variation selectors, keycaps) and tidies spaces. */
export function stripEmojis(text: string): string {
  return text
    .replace(EMOJI, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}
