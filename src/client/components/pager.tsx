import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** 'Showing x to y of z <noun>': the rows a page of a list shows. */
export function showingText(page: number, pageSize: number, total: number, noun: string): string {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Showing ${first} to ${last} of ${total} ${noun}`;
}

/**
 * A list paged on the server: what the page shows, with Previous and Next. By default it says
 * 'Showing x to y of z <noun>', is named '<noun> pages' and always offers both buttons, with arrows.
 */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  label = `${noun} pages`,
  summary = showingText(page, pageSize, total, noun),
  busy = false,
  buttonsWhenOnePage = true,
  arrows = true,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: string;
  onPageChange: (page: number) => void;
  /** The navigation landmark's name. */
  label?: string;
  /** Replaces the 'Showing …' text; null shows none. */
  summary?: ReactNode;
  /** A spinner after the text while the list reloads. */
  busy?: boolean;
  /** Whether Previous and Next show when everything fits on one page. */
  buttonsWhenOnePage?: boolean;
  /** Whether the buttons carry arrows. */
  arrows?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="flex min-h-5 items-center gap-2 text-muted-foreground text-sm" aria-live="polite">
        {summary}
        {busy && <Spinner className="size-4" />}
      </p>
      {(buttonsWhenOnePage || pages > 1) && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            {arrows && <ChevronLeft aria-hidden="true" />}
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
            {arrows && <ChevronRight aria-hidden="true" />}
          </Button>
        </div>
      )}
    </nav>
  );
}
