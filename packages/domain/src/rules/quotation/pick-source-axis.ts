/**
 * Which option axis (0 = option1, 1 = option2) an attribute's per-option values were made from: the
 * axis with more than one value whose values map to the fewest different answers (a colour comes
 * from the colour axis, so each colour maps to one Korean word, give or take an inconsistent
 * translation). null when no axis varies or the values follow no axis better than the other.
 */
export function pickSourceAxis(
  entries: readonly { axes: readonly string[]; value: string | number | null }[],
): number | null {
  const axisCount = Math.max(0, ...entries.map((e) => e.axes.length));
  let best: { axis: number; conflicts: number } | null = null;
  let tie = false;
  for (let axis = 0; axis < axisCount; axis++) {
    const values = new Map<string, Set<string>>();
    for (const e of entries) {
      const key = e.axes[axis] ?? '';
      if (key === '') continue;
      values.set(key, (values.get(key) ?? new Set()).add(String(e.value ?? '')));
    }
    if (values.size < 2) continue;
    let conflicts = 0;
    for (const set of values.values()) conflicts += set.size - 1;
    // a value that follows the axis has (almost) one answer per axis value
    if (conflicts >= values.size) continue;
    if (!best || conflicts < best.conflicts) {
      best = { axis, conflicts };
      tie = false;
    } else if (conflicts === best.conflicts) tie = true;
  }
  return best && !tie ? best.axis : null;
}
