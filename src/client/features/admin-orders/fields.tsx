import type { ReactNode } from 'react';

/** Name and value pairs as a two-column list; a pair without a value is left out. */
export function Fields({ fields }: { fields: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 rounded-lg border bg-muted/40 p-3 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      {fields
        .filter(([, value]) => value !== '' && value !== null && value !== undefined)
        .map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-muted-foreground">{name}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
    </dl>
  );
}
