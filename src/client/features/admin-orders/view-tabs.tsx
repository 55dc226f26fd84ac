/**
 * The staff member's saved views as tabs over the orders table: "All orders" and each view, the one
 * shown now marked; a view is a link to the list's address it keeps, so it also opens in a new tab.
 */
import { Link } from 'react-router';
import { cn } from '../../lib/utils';
import type { SavedView } from './saved-views';

const TAB =
  'shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function ViewTabs({ views, currentParams }: { views: readonly SavedView[]; currentParams: string }) {
  if (views.length === 0) return null;
  const active = views.find((view) => view.params === currentParams);
  const tab = (key: string, name: string, params: string, current: boolean) => (
    <Link
      key={key}
      to={params ? `/admin/orders?${params}` : '/admin/orders'}
      aria-current={current ? 'page' : undefined}
      className={cn(
        TAB,
        current ? 'border-primary font-medium text-foreground' : 'border-transparent text-muted-foreground',
      )}
    >
      {name}
    </Link>
  );
  return (
    <nav aria-label="Saved views" className="-mb-3 flex overflow-x-auto border-b">
      {tab('all', 'All orders', '', currentParams === '' && !active)}
      {views.map((view) => tab(String(view.id), view.name, view.params, view === active))}
    </nav>
  );
}
