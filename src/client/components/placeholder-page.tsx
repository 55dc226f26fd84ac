import { Construction } from 'lucide-react';

/** Stands in for a screen that a later issue builds, so the route table and navigation are whole now. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <section className="grid gap-6">
      <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{title}</h1>
      <div className="flex items-start gap-3 rounded-xl border border-dashed bg-card p-6 text-muted-foreground">
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p className="text-sm">{description} This page is coming soon.</p>
      </div>
    </section>
  );
}
