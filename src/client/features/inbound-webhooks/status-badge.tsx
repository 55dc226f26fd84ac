import { Badge } from '../../components/ui/badge';
import type { LogStatusLabel } from './event-display';

/** A logged delivery's outcome: Success, Warning or Error. */
export function StatusBadge({ status }: { status: LogStatusLabel }) {
  if (status === 'Success') return <Badge variant="success">Success</Badge>;
  if (status === 'Error') return <Badge variant="destructive">Error</Badge>;
  return (
    <Badge variant="outline" className="border-warning/60 bg-warning/15 text-amber-800 dark:text-warning">
      Warning
    </Badge>
  );
}
