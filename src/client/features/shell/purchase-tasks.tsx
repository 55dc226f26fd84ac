import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { useNames } from '../../lib/names';
import { unitPath } from '../orders/task-link';
import { ACTION_KEYS } from '../orders/unit-stage';
import { usePurchaseTasks } from '../orders/use-purchase-tasks';

export function PurchaseTasks({ onNavigate }: { onNavigate: () => void }) {
  // The task names are the order cards' action names, in the orders catalogue.
  const { t } = useTranslation(['shell', 'orders']);
  const { tasks, failed } = usePurchaseTasks();
  const names = useNames();
  return (
    <Collapsible.Root defaultOpen className="rounded-md border bg-card/50">
      <Collapsible.Trigger className="group flex w-full items-center gap-3 rounded-md px-3 py-2 font-medium text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring">
        <ClipboardList aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('tasks.title')}
        <Badge variant={tasks && tasks.length > 0 ? 'destructive' : 'secondary'} className="ml-auto">
          <span className="sr-only">{t('tasks.pendingCount')}</span>
          {tasks ? (
            tasks.length
          ) : (
            <>
              <span aria-hidden="true">…</span>
              <span className="sr-only">{t('tasks.loadingCount')}</span>
            </>
          )}
        </Badge>
        <ChevronDown
          aria-hidden="true"
          className="size-4 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
        />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-3 pb-3">
        {!tasks ? (
          <p className="pt-1 text-muted-foreground text-xs">
            {failed ? t('tasks.failed') : t('tasks.loading')}
          </p>
        ) : tasks.length === 0 ? (
          <p className="pt-1 text-muted-foreground text-xs">{t('tasks.none')}</p>
        ) : (
          <ul className="grid gap-1 pt-1">
            {tasks.map((task) => (
              <li key={task.key}>
                <Link
                  to={unitPath(task.orderId, task.itemNumber, true)}
                  onClick={onNavigate}
                  className="block rounded-md px-2 py-1.5 text-sm outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="block break-words font-medium">
                    {names.unit(task.orderNumber, task.itemNumber)}
                  </span>
                  <span className="block text-muted-foreground text-xs">
                    {t(ACTION_KEYS[task.action], { ns: 'orders' })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
