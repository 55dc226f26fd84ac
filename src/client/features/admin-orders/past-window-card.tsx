import { counted } from '../../../shared/plural.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { unitName } from '../../../shared/unit-name.js';
import { ListCard, ListCardRow, ListCardRows } from '../../components/list-card';
import { formatDateRange } from '../../lib/dates';
import { usePastWindow } from '../forecast/api';
import { orderPageUrl } from './format';

/** Units not delivered whose delivery window ended before today, the latest first. */
export function PastWindowCard() {
  const late = usePastWindow();
  const data = late.data;
  return (
    <ListCard
      title="Past their delivery window"
      description={
        data && data.total > data.units.length
          ? `The ${data.units.length} latest of ${data.total.toLocaleString()} units not delivered by the end of their estimated window.`
          : 'Units not delivered by the end of their estimated window.'
      }
    >
      <ListCardRows
        items={data?.units}
        isPending={late.isPending}
        error={late.error}
        failed="We could not load the late units."
        empty="Every unit is within its window."
      >
        {(unit) => {
          const label = unitName(unit.orderNumber, unit.itemNumber);
          return (
            <ListCardRow
              key={unit.itemId}
              label={label}
              detail={`${STAGE_LABELS[unit.status]} · expected ${formatDateRange(unit.estimate.from, unit.estimate.to)} · ${counted(unit.daysLate, 'day', 'days')} late`}
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
