import { cn } from '../../lib/utils';
import { useUiLabels } from './labels';

/** Stable keys for n placeholder blocks (they never reorder). */
const slots = (count: number, name: string) => Array.from({ length: count }, (_, n) => `${name}${n}`);

/** A grey block where content will appear; still for people who ask for less motion. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
    />
  );
}

/**
 * The shape of a page while its data loads: its title and blocks where the content will be, so the
 * layout is there at once instead of a lone spinner. `cards` adds a row of figure cards (dashboards);
 * `heading={false}` where the page already shows its title above the placeholder.
 */
export function PageSkeleton({
  blocks = 3,
  cards = false,
  heading = true,
}: {
  blocks?: number;
  cards?: boolean;
  heading?: boolean;
}) {
  const labels = useUiLabels();
  return (
    <div role="status" className="grid gap-6">
      <span className="sr-only">{labels.loading}</span>
      {heading && (
        <div className="grid gap-2">
          <Skeleton className="h-8 w-56 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
        </div>
      )}
      {cards && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {slots(4, 'card').map((slot) => (
            <Skeleton key={slot} className="h-28 rounded-xl" />
          ))}
        </div>
      )}
      <div className="grid gap-3">
        {slots(blocks, 'block').map((slot) => (
          <Skeleton key={slot} className="h-24 rounded-xl" />
        ))}
      </div>
    </div>
  );
}

/**
 * The signed-in frame while the session or the portal's code loads: the sidebar's place from 768 px
 * up, the top bar below it, and a page skeleton where the page will be.
 */
export function FrameSkeleton() {
  return (
    <div className="min-h-dvh bg-background">
      <div
        aria-hidden="true"
        className="fixed inset-y-0 left-0 hidden w-72 content-start gap-3 border-r bg-sidebar p-4 md:grid"
      >
        <Skeleton className="mb-4 h-10 w-40" />
        {slots(5, 'link').map((slot) => (
          <Skeleton key={slot} className="h-9" />
        ))}
      </div>
      <div aria-hidden="true" className="h-14 border-b md:hidden" />
      <main className="md:pl-72">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
          <PageSkeleton />
        </div>
      </main>
    </div>
  );
}
