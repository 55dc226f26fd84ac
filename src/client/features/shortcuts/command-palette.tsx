/**
 * The command palette (Ctrl/Cmd+K, or "Search or jump to…" in the menu): type an order ID to open the
 * order or move it to its next stage, pick any screen this staff member may open, or move the order
 * open on screen. cmdk draws the accessible list (a combobox with its options, arrow keys, Enter) inside
 * the app's dialog, which traps focus and names itself; the orders are searched on the server.
 */
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { ChevronsRight, CornerDownLeft, Keyboard, Package } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { AdminOrdersQuery } from '../../../shared/schemas/admin-orders.js';
import { nextStage, STAGE_LABELS } from '../../../shared/stages.js';
import { orderName } from '../../../shared/unit-name.js';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { adminOrderKeys, fetchAdminOrders } from '../admin-orders/api';
import { orderPageUrl } from '../admin-orders/format';
import { type NextStageTarget, useMoveToNextStage } from '../admin-orders/next-stage';
import { useCan } from '../auth/permissions';
import type { NavItem } from '../shell/sidebar';
import { useOpenOrderValue } from './open-order';
import { showOverlay } from './overlays';

/** Orders offered for what is typed; an exact ID comes first. */
const ORDER_RESULTS = 5;
/** Typing settles this long before the orders are searched. */
const SEARCH_PAUSE_MS = 150;

const ITEM =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[selected=true]:bg-accent data-[selected=true]:text-accent-foreground';
const GROUP =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-3 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground [&_[cmdk-group-heading]]:text-xs';

function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function useOrderResults(search: string) {
  const query: AdminOrdersQuery = { page: 1, pageSize: ORDER_RESULTS, sort: 'orderDate:desc', q: search };
  const result = useQuery({
    queryKey: adminOrderKeys.list(query),
    queryFn: () => fetchAdminOrders(query),
    enabled: search.length >= 2,
  });
  const wanted = search.toLowerCase();
  const rows = [...(result.data?.items ?? [])].sort(
    (a, b) => Number(b.orderId.toLowerCase() === wanted) - Number(a.orderId.toLowerCase() === wanted),
  );
  return { rows, loading: search.length >= 2 && result.isFetching && !result.data };
}

export function CommandPalette({
  open,
  onOpenChange,
  screens,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  screens: readonly NavItem[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-[15%] max-w-[560px] translate-y-0 gap-0 overflow-hidden p-0">
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">
          Type an order ID or the name of a screen, then choose with the arrow keys and Enter.
        </DialogDescription>
        {/* Mounted only while open, so each opening starts empty. */}
        {open && <Palette screens={screens} />}
      </DialogContent>
    </Dialog>
  );
}

function Palette({ screens }: { screens: readonly NavItem[] }) {
  const navigate = useNavigate();
  const can = useCan();
  const move = useMoveToNextStage();
  const openOrder = useOpenOrderValue();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState('');
  const settled = useSettled(search.trim());
  const orders = useOrderResults(settled);
  const typed = search.trim().toLowerCase();
  const mayMove = can('orders.status');

  const close = () => showOverlay(null);
  const go = (to: string) => {
    close();
    navigate(to);
  };
  const moveOn = (target: NextStageTarget) => {
    close();
    void move(target);
  };

  // The orders answer after the screens are listed: once they arrive, the best order is the one chosen.
  const first = orders.rows[0];
  useEffect(() => {
    if (first) setSelected(`order ${first.id}`);
  }, [first]);

  const shownScreens = screens.filter((screen) => screen.label.toLowerCase().includes(typed));
  const openOrderNext = openOrder && mayMove ? nextStage(openOrder.status) : null;
  const openOrderLine =
    openOrder && openOrderNext ? `Move ${openOrder.label} to ${STAGE_LABELS[openOrderNext]}` : null;
  const showOpenOrder =
    openOrderLine !== null && (typed === '' || openOrderLine.toLowerCase().includes(typed));

  return (
    <Command
      label="Command palette"
      className="min-w-0"
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      loop
    >
      <div className="flex items-center gap-2 border-b pr-12 pl-4">
        <CornerDownLeft aria-hidden="true" className="size-4 text-muted-foreground" />
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder="Order ID, or a screen…"
          maxLength={200}
          className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      <Command.List className="max-h-[min(60dvh,420px)] overflow-y-auto p-2">
        {orders.loading && (
          <Command.Loading className="px-3 py-2 text-muted-foreground text-sm">
            Looking for orders…
          </Command.Loading>
        )}
        <Command.Empty className="px-3 py-6 text-center text-muted-foreground text-sm">
          {settled.length >= 2 && !orders.loading ? 'No order or screen matches.' : 'Nothing matches yet.'}
        </Command.Empty>

        {orders.rows.length > 0 && (
          <Command.Group heading="Orders" className={GROUP}>
            {orders.rows.map((row) => {
              const name = orderName(row.orderId);
              const to = mayMove ? nextStage(row.status) : null;
              return [
                <Command.Item
                  key={`open-${row.id}`}
                  value={`order ${row.id}`}
                  onSelect={() => go(orderPageUrl(row.id))}
                  className={ITEM}
                >
                  <Package aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 flex-1 truncate">
                    Open <span className="font-medium">{name}</span>
                    <span className="text-muted-foreground">
                      {' '}
                      · {row.productName} · {STAGE_LABELS[row.status]}
                    </span>
                  </span>
                </Command.Item>,
                to && (
                  <Command.Item
                    key={`move-${row.id}`}
                    value={`move ${row.id}`}
                    onSelect={() => moveOn({ id: row.id, label: name, status: row.status })}
                    className={ITEM}
                  >
                    <ChevronsRight aria-hidden="true" className="size-4 shrink-0" />
                    <span className="min-w-0 flex-1 truncate">
                      Move <span className="font-medium">{name}</span> to {STAGE_LABELS[to]}
                    </span>
                  </Command.Item>
                ),
              ];
            })}
          </Command.Group>
        )}

        {showOpenOrder && openOrder && (
          <Command.Group heading="This order" className={GROUP}>
            <Command.Item value="open-order-next" onSelect={() => moveOn(openOrder)} className={ITEM}>
              <ChevronsRight aria-hidden="true" className="size-4 shrink-0" />
              <span className="flex-1">{openOrderLine}</span>
            </Command.Item>
          </Command.Group>
        )}

        {shownScreens.length > 0 && (
          <Command.Group heading="Screens" className={GROUP}>
            {shownScreens.map((screen) => (
              <Command.Item
                key={screen.to}
                value={`screen ${screen.to}`}
                onSelect={() => go(screen.to)}
                className={ITEM}
              >
                <screen.icon aria-hidden="true" className="size-4 shrink-0" />
                <span className="flex-1">{screen.label}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}

        {(typed === '' || 'keyboard shortcuts'.includes(typed)) && (
          <Command.Group heading="Help" className={GROUP}>
            <Command.Item value="shortcuts" onSelect={() => showOverlay('shortcuts')} className={ITEM}>
              <Keyboard aria-hidden="true" className="size-4 shrink-0" />
              <span className="flex-1">Keyboard shortcuts</span>
            </Command.Item>
          </Command.Group>
        )}
      </Command.List>
    </Command>
  );
}
