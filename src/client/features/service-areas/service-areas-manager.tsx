/**
 * The service-areas manager: enable ZIP codes one at a time or several separated by commas, remove
 * them, and revalidate every order against the list. Enabling a code, and revalidating, move the units
 * still at Order Placed in those codes to Location Enabled.
 */
import { MapPin, RefreshCw, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { parseZipCodes, revalidationSummary } from '../../../shared/schemas/service-areas.js';
import { Alert } from '../../components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { errorFields, errorMessage } from '../../lib/api';
import { GENERIC_ERROR, toastError, toastSuccess } from '../../lib/notify';
import { useAddZipCodes, useRemoveZipCode, useRevalidateLocations, useServiceAreas } from './api';

export function ServiceAreasManager() {
  const areas = useServiceAreas();

  if (areas.isPending) {
    return (
      <div className="flex min-h-32 items-center justify-center text-primary">
        <Spinner label="Loading zip codes" />
      </div>
    );
  }
  if (areas.isError) {
    return (
      <Alert variant="destructive">
        <div className="col-span-2 grid gap-3">
          <p>Error loading zip codes. Please try again.</p>
          <Button variant="outline" size="sm" className="justify-self-start" onClick={() => areas.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  const raw = areas.data?.enabledZipCodes;
  const isList = Array.isArray(raw);
  const codes = isList ? raw.filter((code): code is string => typeof code === 'string') : [];
  return (
    <div className="grid gap-6">
      {!isList && (
        <Alert variant="destructive">
          <p className="col-span-2">Invalid zip code data format</p>
        </Alert>
      )}
      <AddZipCodesForm />
      <EnabledZipCodes codes={codes} />
      <Revalidation disabled={codes.length === 0} />
    </div>
  );
}

function AddZipCodesForm() {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const add = useAddZipCodes();

  function submit(event: FormEvent) {
    event.preventDefault();
    const { valid, invalid } = parseZipCodes(value);
    // An empty field (or only commas and spaces) does nothing: there is nothing to report.
    if (valid.length === 0 && invalid.length === 0) return;
    setError(undefined);
    add.mutate(value, {
      onSuccess: (result) => {
        setValue('');
        const moved = result.updatedOrders > 0 ? ` ${revalidationSummary(result)}.` : '';
        toastSuccess('Zip code added', `${result.message}.${moved}`);
      },
      onError: (cause) => {
        setError(errorFields(cause).zipCode ?? errorMessage(cause));
        toastError('Failed to add zip code', cause, GENERIC_ERROR);
      },
    });
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={submit} className="grid gap-2">
      <Label htmlFor={id}>Add ZIP codes</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          placeholder="78701, 78702"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <Button type="submit" loading={add.isPending}>
          Add
        </Button>
      </div>
      <p id={hintId} className="text-muted-foreground text-sm">
        One 5-digit ZIP code, or several separated by commas.
      </p>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}

function EnabledZipCodes({ codes }: { codes: string[] }) {
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

function Revalidation({ disabled }: { disabled: boolean }) {
  const revalidate = useRevalidateLocations();

  function start() {
    revalidate.mutate(undefined, {
      onSuccess: (result) => toastSuccess('Location revalidation complete', revalidationSummary(result)),
      onError: (cause) => toastError('Failed to revalidate locations', cause, GENERIC_ERROR),
    });
  }

  return (
    <section aria-labelledby="revalidate-heading" className="grid gap-3 border-t pt-6">
      <h3 id="revalidate-heading" className="font-semibold">
        Revalidate orders
      </h3>
      <p className="text-muted-foreground text-sm">
        Moves every order in an enabled ZIP code that is still at Order Placed to Location Enabled. Orders
        further along are left as they are.
      </p>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={disabled}
            loading={revalidate.isPending}
          >
            {!revalidate.isPending && <RefreshCw aria-hidden="true" />}
            Revalidate All Orders
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Revalidate all orders?</AlertDialogTitle>
            <AlertDialogDescription>
              Every order in an enabled ZIP code that is still at Order Placed moves to Location Enabled, and
              its customer can start onboarding. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={start}>Revalidate</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <div role="status" aria-live="polite">
        {revalidate.isPending && (
          <div className="grid gap-2">
            <p className="text-muted-foreground text-sm">Revalidating orders…</p>
            <div className="h-1.5 w-full max-w-sm overflow-hidden rounded-full bg-muted">
              <div className="h-full w-1/3 animate-progress rounded-full bg-primary" />
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
