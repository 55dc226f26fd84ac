import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const map = readFileSync(`${root}docs/architecture.md`, 'utf8');

/**
 * What a section of docs/architecture.md names: the section under the heading that carries `folder`
 * in backticks, up to the next heading; in it, the backticked names of a table row's first cell or of
 * a list item before its dash (a subfolder written `db/` counts as `db`).
 */
function namedIn(folder: string): string[] {
  const lines = map.split('\n');
  const start = lines.findIndex((line) => line.startsWith('#') && line.includes(`\`${folder}\``));
  if (start === -1) return [];
  const end = lines.findIndex((line, i) => i > start && line.startsWith('#'));
  const subjects = lines.slice(start + 1, end === -1 ? undefined : end).flatMap((line) => {
    const row = /^\|([^|]*)\|/.exec(line);
    if (row) return [row[1] ?? ''];
    const item = /^- (.*?) — /.exec(line);
    return item ? [item[1] ?? ''] : [];
  });
  return subjects.flatMap((subject) =>
    [...subject.matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\/$/, '')),
  );
}

/** A folder's entries a reader should find on the map: its folders, and its modules unless only folders count. */
function entriesOf(folder: string, { modules }: { modules: boolean }): string[] {
  return readdirSync(`${root}${folder}`, { withFileTypes: true })
    .filter((entry) => (entry.isDirectory() ? true : modules && !/\.test\.tsx?$/.test(entry.name)))
    .map((entry) => entry.name)
    .sort();
}

const sections = [
  { folder: 'src/server/features/', modules: false },
  { folder: 'src/client/features/', modules: false },
  { folder: 'src/server/', modules: true },
  { folder: 'src/client/', modules: true },
  { folder: 'src/shared/', modules: true },
];

describe('docs/architecture.md', () => {
  it.each(sections)('names every entry of $folder, with a line on what it holds', ({ folder, modules }) => {
    const named = new Set(namedIn(folder));
    const missing = entriesOf(folder, { modules }).filter((name) => !named.has(name));
    expect(missing, `add a line for each to the ${folder} section of docs/architecture.md`).toEqual([]);
  });

  it.each(sections)('names nothing in $folder that is gone', ({ folder, modules }) => {
    const present = new Set(entriesOf(folder, { modules }));
    const gone = namedIn(folder).filter((name) => !present.has(name));
    expect(gone, `remove or correct these lines of the ${folder} section`).toEqual([]);
  });
});
