import { readCaptureText } from './capture-text.ts';
import { parse1688Captures, parse1688Import } from './parse.ts';
import type { ImportMessage, ParseResult, SourceOffer } from './schema.ts';

// Which pasted captures belong together: the pure first step of an import (the service then writes).

/** One pasted input: its value (text or JSON) and the name the seller sees for it. */
export type NamedCapture = { value: unknown; name: string };

/** An offer read from one or more captures, with the names of the inputs it came from. */
export type GroupedOffer = {
  offer: SourceOffer;
  read: number;
  kept: number;
  warnings: ImportMessage[];
  inputs: string[];
};

/** Captures that could not be read as an offer, with the parser's reason. */
export type GroupFailure = { reason: ImportMessage; inputs: string[] };

function readOnce(c: NamedCapture): NamedCapture {
  if (typeof c.value !== 'string') return c;
  const text = readCaptureText(c.value);
  return text.kind === 'data' ? { value: text.value, name: c.name } : c;
}

/** Pasted text that is only a link or a number (no page data): true. */
export function isLinkOnly(text: string): boolean {
  const t = text.trim();
  return (
    t.length > 0 &&
    t.length < 2000 &&
    !/[{<]/.test(t) &&
    (/^\d{4,30}(\.html?)?$/.test(t) || /^https?:\/\/\S+$/i.test(t) || /1688\.com/i.test(t))
  );
}

/**
 * Groups the captures by offer: each parses alone, or together with the captures it completes. A
 * file of many offers in our own format gives one offer each; a partial capture (no title, no SKUs,
 * a description page) joins the group of the same offer it completes; partial captures left over
 * may complete each other (mobile detail + SKU model answer); what is still left is a failure.
 */
export function groupCaptures(captures: readonly NamedCapture[]): {
  offers: GroupedOffer[];
  failures: GroupFailure[];
} {
  const offers: GroupedOffer[] = [];
  const failures: GroupFailure[] = [];
  const partial: { value: unknown; name: string; reason: ImportMessage }[] = [];
  const byOffer = new Map<string, { values: unknown[]; names: string[] }>();
  const take = (r: ParseResult, names: string[]): boolean => {
    if (!r.ok) return false;
    offers.push({ offer: r.offer, read: r.read, kept: r.kept, warnings: r.warnings, inputs: names });
    return true;
  };
  for (const pasted of captures) {
    // Text is read into data once: the grouping below parses a capture again with each group it may
    // complete, which must not mean reading its text again (that made the grouping quadratic in text).
    const c = readOnce(pasted);
    const results = parse1688Import(c.value);
    if (results.length > 1) {
      for (const r of results)
        if (!r.ok) failures.push({ reason: r.reason, inputs: [c.name] });
        else take(r, [c.name]);
      continue;
    }
    const r = results[0]!;
    if (!r.ok) {
      partial.push({ value: c.value, name: c.name, reason: r.reason });
      continue;
    }
    const group = byOffer.get(r.offer.offerId) ?? { values: [], names: [] };
    group.values.push(c.value);
    group.names.push(c.name);
    byOffer.set(r.offer.offerId, group);
  }
  const leftovers: typeof partial = [];
  for (const p of partial) {
    const home = [...byOffer.entries()].find(([offerId, g]) => {
      const merged = parse1688Captures([...g.values, p.value]);
      return merged.ok && merged.offer.offerId === offerId;
    });
    if (home) {
      home[1].values.push(p.value);
      home[1].names.push(p.name);
    } else leftovers.push(p);
  }
  for (const group of byOffer.values()) {
    const r =
      group.values.length === 1 ? parse1688Import(group.values[0])[0]! : parse1688Captures(group.values);
    if (!r.ok) failures.push({ reason: r.reason, inputs: group.names });
    else take(r, group.names);
  }
  if (
    leftovers.length > 1 &&
    take(
      parse1688Captures(leftovers.map((l) => l.value)),
      leftovers.map((l) => l.name),
    )
  ) {
    return { offers, failures };
  }
  for (const l of leftovers) failures.push({ reason: l.reason, inputs: [l.name] });
  return { offers, failures };
}
