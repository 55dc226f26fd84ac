import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/format.js';
import { Card, CardContent, CardHeader } from '../../components/ui/card';

/** One of the dashboard's four totals, a link to the orders it counts. */
export function StatCard({
  title,
  value,
  icon: Icon,
  hint,
  to,
}: {
  title: string;
  value: number;
  icon: LucideIcon;
  hint: string;
  /** The list of the orders this card counts. */
  to: string;
}) {
  return (
    <li>
      {/* The whole card is the link, named by its title; the count and hint follow in its text. */}
      <Card className="relative h-full transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/50">
        <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
          <h2 className="font-medium text-muted-foreground text-sm">
            <Link to={to} className="outline-none after:absolute after:inset-0 after:content-['']">
              {title}
            </Link>
          </h2>
          <Icon aria-hidden="true" className="size-5 text-primary" />
        </CardHeader>
        <CardContent className="grid gap-1">
          <p className="font-semibold text-3xl tabular-nums">{formatCount(value)}</p>
          <p className="text-muted-foreground text-xs">{hint}</p>
        </CardContent>
      </Card>
    </li>
  );
}
