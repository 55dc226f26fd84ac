import { MapPin, X } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useRemoveZipCode } from './api';

/** The enabled ZIP codes as chips, each removable, and their count. */
export function EnabledZipCodes({ codes }: { codes: string[] }) {
  const remove = useRemoveZipCode();
  const removing = remove.isPending ? remove.variables : undefined;

  return (
    <section aria-labelledby="enabled-zips-heading" className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="enabled-zips-heading" className="font-semibold">
          Enabled ZIP codes
        </h3>
        <p className="text-muted-foreground text-sm">
          Total enabled areas: <span className="font-semibold text-foreground">{codes.length}</span>
        </p>
      </div>
      {codes.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-muted-foreground text-sm">
          No zip codes have been added yet. Service is currently unavailable in all areas.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {codes.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 font-medium text-secondary-foreground text-sm"
            >
              <MapPin aria-hidden="true" className="size-3.5 text-muted-foreground" />
              {code}
              <button
                type="button"
                aria-label={`Remove ${code}`}
                disabled={removing === code}
                onClick={() =>
                  remove.mutate(code, {
                    onSuccess: (result) => toastSuccess('Zip code removed', result.message),
                    onError: (cause) => toastError('Failed to remove zip code', cause, GENERIC_ERROR),
                  })
                }
                className="flex size-7 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
              >
                {removing === code ? (
                  <Spinner className="size-3.5" label={null} />
                ) : (
                  <X aria-hidden="true" className="size-3.5" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
