import { INSIGHT_COLUMNS, type InsightChart, type InsightRows } from '../../../shared/schemas/insights.js';
import { escapeFormula } from '../../lib/csv.js';

/** A text cell, formula-escaped and quoted when it holds a separator, a quote or a line break. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = escapeFormula(String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A chart's rows as CSV: a header of its columns, then one line per row, the same rows as its JSON. */
export function insightCsv<C extends InsightChart>(chart: C, rows: readonly InsightRows[C][]): string {
  const columns = INSIGHT_COLUMNS[chart] as readonly string[];
  const lines = [columns.join(',')];
  for (const row of rows) {
    lines.push(columns.map((column) => cell((row as Record<string, unknown>)[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
