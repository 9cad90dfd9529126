// TODO(domain): move to @rr/domain — W §5: the 1688 offer id from a link, a `.html` suffix or a number.

/** `https://detail.1688.com/offer/813724060928.html`, `813724060928.html`, `813724060928` → the id; else null. */
export function extractOfferId(input: string): string | null {
  const text = input.trim();
  if (/^\d{6,20}$/.test(text)) return text;
  const html = /(?:^|[/=])(\d{6,20})\.html?(?:[?#]|$)/i.exec(text);
  if (html) return html[1]!;
  const param = /[?&](?:offerId|offer_id|id)=(\d{6,20})(?:&|#|$)/i.exec(text);
  if (param) return param[1]!;
  const path = /1688\.com\/(?:offer|page\/offer)\/(\d{6,20})/i.exec(text);
  return path ? path[1]! : null;
}
