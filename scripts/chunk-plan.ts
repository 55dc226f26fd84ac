/**
 * How the client's modules are grouped into chunks (vite.config.ts). Left to itself the bundler makes a
 * chunk for every set of screens that share a module: about 100 files on a page's first load, which a
 * phone fetches six at a time, round trip after round trip. Instead:
 * - `react`: React alone (every page; most releases leave it unchanged, so it stays cached);
 * - `icons`: the icons any screen draws (one module re-exports them all, so they are grouped by package);
 * - `sign-in`: what the sign-in app (the first load of /auth) imports;
 * - `sign-in-calls`: what its calls load with the first one, the session check every visit makes
 *   (auth-calls.ts: the route entries, their schemas, callApi); left to the bundler, these landed in
 *   `app`, and that first call fetched and ran the whole full app's shared code on /auth;
 * - `app`: the rest of what the full app imports before any screen (router, queries, i18n, providers);
 * - `screens`: what screens of both sides share; `portal` / `office`: what two or more screens of the
 *   customer portal, or of the back office, share. Each holds only what the toaster, the shells and the
 *   landing screens (LANDING_MODULES, scripts/page-preloads.ts) run; what only other screens share goes to
 *   `screens-more`, `portal-more` or `office-more`, so that a landing page's first load does not carry
 *   the settings screens' second-factor card or the form library (decision 196);
 * - everything else (a screen's own modules, dialogs loaded on demand, the form libraries) is left to
 *   the bundler.
 */
import type { ChunkingContext } from 'rolldown';
import { LANDING_MODULES } from './page-preloads';

const ENTRY = '/src/client/main.tsx';
const SIGN_IN_APP = '/src/client/sign-in-app.tsx';
const FULL_APP = '/src/client/full-app.tsx';
const SIGN_IN_CALLS = '/src/client/features/auth/auth-calls.ts';
const ROUTES = '/src/client/app.tsx';
/** The customer portal's screens among those app.tsx imports lazily; the others are the back office's. */
const PORTAL_SCREENS = /[\\/]src[\\/]client[\\/]features[\\/](shell|home|orders|account|settings)[\\/]/;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/**
 * The form libraries: only screens with forms run them, so they stay out of the shared chunks that
 * every screen loads (the bundler gives them a chunk of their own).
 */
const FORMS = /[\\/]node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/;

/** Modules `from` imports statically, directly or not (not through the icons' re-exporting module). */
function staticImports(ctx: ChunkingContext, from: string): Set<string> {
  const found = new Set<string>();
  const stack = [from];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    if (!ICONS.test(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/** The module whose id ends with `suffix`, searched from `start` in both directions of the graph. */
function findModule(ctx: ChunkingContext, start: string, suffix: string): string | undefined {
  const seen = new Set<string>();
  const stack = [start];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (id.endsWith(suffix)) return id;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    stack.push(
      ...info.importers,
      ...info.dynamicImporters,
      ...info.importedIds,
      ...info.dynamicallyImportedIds,
    );
  }
  return undefined;
}

function makePlan(ctx: ChunkingContext, anyModule: string): Map<string, string> {
  const plan = new Map<string, string>();
  const [entry, signIn, signInCalls, full, routes] = [
    ENTRY,
    SIGN_IN_APP,
    SIGN_IN_CALLS,
    FULL_APP,
    ROUTES,
  ].map((suffix) => findModule(ctx, anyModule, suffix));
  // A build without the apps (a test's) is left to the bundler.
  if (!entry || !signIn || !signInCalls || !full || !routes) return plan;
  // What the entry itself imports stays in the entry: in a group it would pull the group's chunk
  // into every first load, the sign-in page's included.
  const inEntry = staticImports(ctx, entry);
  const assign = (id: string, chunk: string) => {
    if (!inEntry.has(id) && !plan.has(id)) plan.set(id, chunk);
  };
  for (const id of staticImports(ctx, signIn)) assign(id, 'sign-in');
  for (const id of staticImports(ctx, signInCalls)) assign(id, 'sign-in-calls');
  for (const id of staticImports(ctx, full)) assign(id, 'app');

  // The route screens count for their side; what else the full app loads on demand (the toasts, say)
  // loads on every page of both sides.
  const screens = ctx.getModuleInfo(routes)?.dynamicallyImportedIds ?? [];
  const onDemand = [...plan.keys()]
    .flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => !screens.includes(id));
  const users = new Map<string, { portal: number; office: number; entries: number }>();
  const count = (from: string, portal: number, office: number) => {
    for (const id of staticImports(ctx, from)) {
      if (plan.has(id) || inEntry.has(id) || FORMS.test(id)) continue;
      const counted = users.get(id) ?? { portal: 0, office: 0, entries: 0 };
      counted.portal += portal;
      counted.office += office;
      counted.entries += 1;
      users.set(id, counted);
    }
  };
  for (const screen of screens) {
    if (PORTAL_SCREENS.test(screen)) count(screen, 1, 0);
    else count(screen, 0, 1);
  }
  for (const id of onDemand) count(id, 1, 1);
  const landing = new Set(
    [...screens, ...onDemand]
      .filter((id) => LANDING_MODULES.some((module) => id.endsWith(module)))
      .flatMap((id) => [...staticImports(ctx, id)]),
  );
  for (const [id, { portal, office, entries }] of users) {
    if (entries < 2) continue;
    const group =
      portal >= 1 && office >= 1 ? 'screens' : portal >= 2 ? 'portal' : office >= 2 ? 'office' : null;
    if (group) plan.set(id, landing.has(id) ? group : `${group}-more`);
  }
  return plan;
}

// Made once per process: `vite build` builds the client once.
let plan: Map<string, string> | undefined;

/** The chunk `id` belongs to, or null to leave it to the bundler. */
export function chunkFor(id: string, ctx: ChunkingContext): string | null {
  // The bundler's own helpers (the entry's preload helper) stay where it puts them: in the entry, which
  // then runs without waiting for any app chunk, and lets the page's static frame paint.
  if (id.startsWith('\0')) return null;
  if (REACT.test(id)) return 'react';
  if (ICONS.test(id)) return 'icons';
  plan ??= makePlan(ctx, id);
  return plan.get(id) ?? null;
}
