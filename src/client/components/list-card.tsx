/**
 * The dashboard's short lists ("Waiting longest", "Past their delivery window", "Waiting for an
 * answer"): a card with a title, a line about the list and an optional link to the whole of it, then
 * a few rows, each a label, a line of detail and one link to act on the row.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../lib/api';
import { Button } from './ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

export function ListCard({
  title,
  description,
  viewAll,
  children,
}: {
  title: string;
  description: ReactNode;
  /** A link to the full list, shown at the top right. */
  viewAll?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {viewAll && (
          <Button variant="outline" size="sm" asChild>
            <Link to={viewAll.to}>{viewAll.label}</Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The rows of a list: "Loading…" while `isPending`, the server's message (or `failed`) when `error` is
 * set, `empty` when there are no items, else one row per item.
 */
export function ListCardRows<Item>({
  items,
  isPending = false,
  error = null,
  failed,
  empty,
  children,
}: {
  items: Item[] | undefined;
  isPending?: boolean;
  error?: unknown;
  failed?: string;
  empty: string;
  children: (item: Item) => ReactNode;
}) {
  if (isPending) return <p className="text-muted-foreground text-sm">Loading…</p>;
  if (error) return <p className="text-destructive text-sm">{errorMessage(error) ?? failed}</p>;
  if (!items || items.length === 0) return <p className="text-muted-foreground text-sm">{empty}</p>;
  return <ol className="grid divide-y">{items.map(children)}</ol>;
}

/** One row: what it is, a line of detail, and the link that acts on it (named in full for screen readers). */
export function ListCardRow({
  label,
  detail,
  to,
  action,
  actionLabel,
}: {
  label: ReactNode;
  detail: ReactNode;
  to: string;
  action: string;
  actionLabel: string;
}) {
  return (
    <li className="flex items-center justify-between gap-2 py-2 text-sm">
      <div className="grid min-w-0 flex-1">
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground">{detail}</span>
      </div>
      <Button variant="ghost" size="sm" asChild>
        <Link to={to} aria-label={actionLabel}>
          {action}
        </Link>
      </Button>
    </li>
  );
}
