/**
 * The service-areas manager: enable ZIP codes one at a time or several separated by commas, remove
 * them, and revalidate every order against the list. Enabling a code, and revalidating, move the units
 * still at Order Placed in those codes to Location Enabled.
 */
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { AddZipCodesForm } from './add-zip-codes-form';
import { useServiceAreas } from './api';
import { EnabledZipCodes } from './enabled-zip-codes';
import { RevalidateOrders } from './revalidate-orders';

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
      <RevalidateOrders disabled={codes.length === 0} />
    </div>
  );
}
