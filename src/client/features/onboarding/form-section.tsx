import { type ReactNode, useId } from 'react';

/** A numbered section of the onboarding form, named by its heading. */
export function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <h3 id={headingId}>
        <SectionTitle number={number} title={title} />
      </h3>
      {children}
    </section>
  );
}

/** The section's number in a circle, then its title. */
export function SectionTitle({ number, title }: { number: number; title: string }) {
  return (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-xs"
      >
        {number}
      </span>
      <span className="font-semibold text-base">{title}</span>
    </span>
  );
}
