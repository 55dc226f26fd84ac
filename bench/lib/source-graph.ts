import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'];
// Static `import … from '…'`, `import '…'` and `export … from '…'`, but not `import type` / `export type`.
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null; // packages are not ours to check
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => join(base, `index${ext}`)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/**
 * The source files reachable from `entry` through static imports only, as paths relative to `root`.
 * Whatever a bundler puts in the entry chunk's closure comes from this set: a module reached only
 * through `import()` is split off.
 */
export function staticSourceClosure(entry: string, root = process.cwd()): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !/\.(t|j)sx?$/.test(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = resolveModule(file, match[1]!);
      if (target) visit(target);
    }
  };
  visit(resolve(root, entry));
  return new Set([...seen].map((file) => relative(root, file)));
}
