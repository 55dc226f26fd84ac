import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { formatCount } from '../../shared/format.js';
import { counted } from '../../shared/plural.js';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** What a list holds, in the singular and the plural: { one: 'order', other: 'orders' }. */
export interface ListNoun {
  one: string;
  other: string;
}

/**
 * 'Showing x to y of z <noun>': the rows a page of a list shows, counts with thousands separators and
 * the noun in the form the total asks for ('of 1 order').
 */
export function showingText(page: number, pageSize: number, total: number, noun: ListNoun): string {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  return `Showing ${formatCount(first)} to ${formatCount(last)} of ${counted(total, noun.one, noun.other)}`;
}

export type PageItem = number | 'gap';

/**
 * The numbered pages to offer: the first, the last, the current one and its neighbours, with a gap
 * where pages are left out. Always seven slots once there are more than seven pages, so the buttons
 * do not jump about while paging.
 */
export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'gap', pages];
  if (page >= pages - 3) return [1, 'gap', pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, 'gap', page - 1, page, page + 1, 'gap', pages];
}

const NATIVE_SELECT =
  'h-9 rounded-md border border-input bg-card px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40';

/**
 * A list paged on the server: what the page shows, with Previous and Next. By default it says
 * 'Showing x to y of z <noun>', is named '<noun> pages' and always offers both buttons, with arrows.
 * Long lists may add `jump` (First, Last, numbered pages and 'Go to page') and a page-size choice.
 */
export function Pager({
  page,
  pageSize,
  total,
  noun,
  onPageChange,
  label = `${noun.other} pages`,
  summary = showingText(page, pageSize, total, noun),
  busy = false,
  buttonsWhenOnePage = true,
  arrows = true,
  jump = false,
  pageSizes,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  noun: ListNoun;
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
  /** First and Last, numbered pages around the current one, and a 'Go to page' field. */
  jump?: boolean;
  /** The page sizes offered in a 'Rows per page' choice (with onPageSizeChange). */
  pageSizes?: readonly number[];
  onPageSizeChange?: (pageSize: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sizeId = useId();
  const showButtons = buttonsWhenOnePage || pages > 1;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="flex min-h-5 items-center gap-2 text-muted-foreground text-sm" aria-live="polite">
          {summary}
          {busy && <Spinner className="size-4" />}
        </p>
        {pageSizes && onPageSizeChange && (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={sizeId} className="text-muted-foreground">
              Rows per page
            </label>
            <select
              id={sizeId}
              className={NATIVE_SELECT}
              value={pageSize}
              onChange={(event) => onPageSizeChange(Number(event.target.value))}
            >
              {pageSizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {showButtons && !jump && (
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
      {showButtons && jump && <PageJump page={page} pages={pages} onPageChange={onPageChange} />}
    </nav>
  );
}

const STEP = 'px-2 sm:px-3';

function PageJump({
  page,
  pages,
  onPageChange,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}) {
  const inputId = useId();
  const [target, setTarget] = useState('');
  function go(event: FormEvent) {
    event.preventDefault();
    const wanted = Number.parseInt(target.replaceAll(',', ''), 10);
    if (!Number.isFinite(wanted)) return;
    setTarget('');
    onPageChange(Math.min(pages, Math.max(1, wanted)));
  }
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button
            variant="outline"
            size="sm"
            className={STEP}
            aria-label="First page"
            disabled={page <= 1}
            onClick={() => onPageChange(1)}
          >
            <ChevronsLeft aria-hidden="true" />
          </Button>
        </li>
        <li>
          <Button
            variant="outline"
            size="sm"
            className={STEP}
            aria-label="Previous"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="max-sm:hidden">Previous</span>
          </Button>
        </li>
        {pageItems(page, pages).map((item, index) =>
          item === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known by its place only
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground text-sm">
              …
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === page ? 'default' : 'ghost'}
                size="sm"
                className={cn('min-w-9 px-2 tabular-nums')}
                aria-label={`Page ${formatCount(item)}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {formatCount(item)}
              </Button>
            </li>
          ),
        )}
        <li>
          <Button
            variant="outline"
            size="sm"
            className={STEP}
            aria-label="Next"
            disabled={page >= pages}
            onClick={() => onPageChange(page + 1)}
          >
            <span className="max-sm:hidden">Next</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
        <li>
          <Button
            variant="outline"
            size="sm"
            className={STEP}
            aria-label="Last page"
            disabled={page >= pages}
            onClick={() => onPageChange(pages)}
          >
            <ChevronsRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
      <form onSubmit={go} noValidate className="flex items-center gap-2 text-sm">
        <label htmlFor={inputId} className="whitespace-nowrap text-muted-foreground">
          Go to page
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={pages}
          value={target}
          placeholder={String(page)}
          onChange={(event) => setTarget(event.target.value)}
          className={cn(NATIVE_SELECT, 'w-20 tabular-nums')}
          aria-describedby={`${inputId}-of`}
        />
        <span id={`${inputId}-of`} className="sr-only">
          of {formatCount(pages)}
        </span>
        <Button type="submit" variant="outline" size="sm" disabled={target.trim() === ''}>
          Go
        </Button>
      </form>
    </div>
  );
}
