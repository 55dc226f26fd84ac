import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { unitName } from '../../../shared/unit-name.js';
import { ListCard, ListCardRow, ListCardRows } from '../../components/list-card';
import { orderPageUrl, waitedFor } from './format';

/** The units that have stayed longest in their current stage. */
export function LongestWaiting({ data }: { data: Dashboard }) {
  const now = Date.now();
  return (
    <ListCard title="Waiting longest" description="Units that have stayed longest in their current stage.">
      <ListCardRows items={data.longestWaiting} empty="No unit is waiting.">
        {(unit) => {
          const label = unitName(unit.orderRef, unit.itemNumber);
          return (
            <ListCardRow
              key={unit.itemId}
              label={label}
              detail={`${waitedFor(unit.since, now)} in ${STAGE_LABELS[unit.status]}`}
              to={orderPageUrl(unit.orderId)}
              action="View"
              actionLabel={`View order ${label}`}
            />
          );
        }}
      </ListCardRows>
    </ListCard>
  );
}
