import type { ReactNode } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { usePublicConfig } from '../../lib/public-config';

/** The public payment pages (success page, test checkout): brand on top, one card, no sidebar. */
export function PaymentLayout({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  return (
    <div className="flex min-h-dvh flex-col bg-background bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      <main className="flex flex-1 flex-col items-center px-4 pt-10 pb-10 sm:pt-[10vh]">
        <div className="mb-8 flex items-center gap-3">
          <BrandMark className="size-11 shadow-sm" />
          <p className="font-semibold text-xl tracking-tight">{config.data?.companyName ?? 'OrderFlow'}</p>
        </div>
        <div className="grid w-full min-w-0 max-w-md gap-4">{children}</div>
      </main>
    </div>
  );
}

/** One row of a payment's details: a term and its value, the value allowed to wrap anywhere. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-muted-foreground text-sm">{term}</dt>
      <dd className="wrap-anywhere min-w-0 text-right font-medium text-sm">{children}</dd>
    </div>
  );
}
