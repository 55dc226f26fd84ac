import { useId } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/format.js';
import { counted } from '../../../shared/plural.js';
import type { Dashboard } from '../../../shared/schemas/admin-orders.js';
import { STAGE_LABELS } from '../../../shared/stages.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { stageColours } from '../../lib/stage-colours';
import { cn } from '../../lib/utils';
import { stageListUrl } from './format';

/**
 * A bar per stage. It is a real table — stage, then count — so screen readers read the numbers; the
 * bars are drawn beside the counts and hidden from them.
 */
export function UnitsPerStage({ data }: { data: Dashboard }) {
  const max = Math.max(1, ...data.unitsPerStage.map((entry) => entry.count));
  const total = data.unitsPerStage.reduce((sum, entry) => sum + entry.count, 0);
  const titleId = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>Units per stage</CardTitle>
        <CardDescription>{counted(total, 'unit', 'units')} in all orders.</CardDescription>
      </CardHeader>
      <CardContent>
        <table aria-labelledby={titleId} className="w-full text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Units</th>
            </tr>
          </thead>
          <tbody>
            {data.unitsPerStage.map(({ stage, count }) => (
              <tr key={stage}>
                <th scope="row" className="w-40 py-1 pr-3 text-left font-normal">
                  <Link
                    to={stageListUrl([stage])}
                    className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                  >
                    {STAGE_LABELS[stage]}
                  </Link>
                </th>
                <td className="py-1">
                  <div className="flex items-center gap-2">
                    <div aria-hidden="true" className="h-3 flex-1 overflow-hidden rounded-full bg-muted">
                      <div
                        className={cn('h-full rounded-full', stageColours(stage).dot)}
                        style={{ width: `${(count / max) * 100}%` }}
                      />
                    </div>
                    <span className="w-16 text-right font-medium tabular-nums">{formatCount(count)}</span>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
