export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : (part / whole) * 100;
}

export const formatInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const formatPercent = (n: number) => `${n.toFixed(1)}%`;
