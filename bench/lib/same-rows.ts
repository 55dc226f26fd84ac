/**
 * Whether two answers hold the same rows: the same keys and strings, and numbers that differ by no
 * more than `tolerance` (two figures rounded to two decimals from the same value computed by two
 * programs may land either side of a rounding edge). Returns where they first differ, or null.
 */
export function firstDifference(a: unknown, b: unknown, tolerance = 0.0100001, at = '$'): string | null {
  if (typeof a === 'number' && typeof b === 'number') {
    return Math.abs(a - b) <= tolerance ? null : `${at}: ${a} vs ${b}`;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${at}: ${a.length} rows vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], tolerance, `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = Object.keys(a);
    const other = Object.keys(b);
    if (keys.join() !== other.join()) return `${at}: keys ${keys.join()} vs ${other.join()}`;
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        tolerance,
        `${at}.${key}`,
      );
      if (found) return found;
    }
    return null;
  }
  return a === b ? null : `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}
