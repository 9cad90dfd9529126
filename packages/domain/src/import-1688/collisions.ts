import type { SourceOption } from './schema.ts';

export interface NameCollision {
  /** The translated name as first written. */
  name: string;
  sourceKeys: string[];
}

/** Names compared after NFKC, trimming, collapsed spaces and lower case: `빨강 XL` = `빨강  xl`. */
export function normaliseOptionName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Options whose translated (or edited) names collide are flagged `name_collision`, never merged: every
 * option stays, keyed by its source key. Options without a translated name are not compared. A flag
 * left from an earlier check is removed when the names no longer collide.
 */
export function detectOptionNameCollisions(
  options: readonly SourceOption[],
  translatedNameByKey: ReadonlyMap<string, string> | Readonly<Record<string, string>>,
): { options: SourceOption[]; collisions: NameCollision[] } {
  const lookup = (key: string): string | undefined =>
    translatedNameByKey instanceof Map
      ? translatedNameByKey.get(key)
      : Object.hasOwn(translatedNameByKey, key)
        ? (translatedNameByKey as Record<string, string>)[key]
        : undefined;
  const groups = new Map<string, NameCollision>();
  for (const o of options) {
    const name = lookup(o.sourceKey);
    if (name === undefined || name.trim() === '') continue;
    const norm = normaliseOptionName(name);
    const group = groups.get(norm);
    if (group) group.sourceKeys.push(o.sourceKey);
    else groups.set(norm, { name, sourceKeys: [o.sourceKey] });
  }
  const collisions = [...groups.values()].filter((g) => g.sourceKeys.length > 1);
  const colliding = new Set(collisions.flatMap((c) => c.sourceKeys));
  const flagged = options.map((o) => {
    const rest = o.flags.filter((f) => f !== 'name_collision');
    return { ...o, flags: colliding.has(o.sourceKey) ? [...rest, 'name_collision' as const] : rest };
  });
  return { options: flagged, collisions };
}
