/**
 * The Account Details card of My Account: the latest order's shipping address, phone and date, and the
 * Update Information dialog that changes them (decision 25).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatPhone } from '../../../shared/format.js';
import type { OrderDto, ShippingAddressDto } from '../../../shared/schemas/orders.js';
import { shippingAddressUpdateSchema } from '../../../shared/schemas/user.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';

import { useExternalLinks } from '../../lib/links';
import { toastSuccess } from '../../lib/notify';
import { useFormat } from '../../lib/use-format';
import { useSession } from '../auth/session';
import { useUpdateShippingAddress } from './api';
import { useFieldMessage } from './messages';

/** The address as display lines: an object's street and 'City, ST 12345', or the text as given. */
export function addressLines(address: ShippingAddressDto | null): string[] {
  if (!address) return [];
  if (typeof address === 'string') return address.trim() ? [address.trim()] : [];
  const region = [address.state, address.zipCode].filter(Boolean).join(' ');
  const place = [address.city, region].filter(Boolean).join(', ');
  return [address.street, place].filter((line): line is string => Boolean(line));
}

export function AccountDetailsCard({
  latestOrder,
  className,
}: {
  /** The newest order, or null when the customer has none. */
  latestOrder: OrderDto | null;
  className?: string;
}) {
  const { t } = useTranslation('account');
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>{t('details.title')}</CardTitle>
      </CardHeader>
      {latestOrder ? <OrderDetails order={latestOrder} /> : <NoOrderYet />}
    </Card>
  );
}

function OrderDetails({ order }: { order: OrderDto }) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const lines = addressLines(order.shippingAddress);
  return (
    <>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1 sm:col-span-2">
            <dt className="font-medium text-muted-foreground text-sm">{t('details.shippingAddress')}</dt>
            <dd className="break-words">
              {lines.length > 0
                ? lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))
                : t('details.notProvided')}
            </dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground text-sm">{t('details.phone')}</dt>
            <dd>{formatPhone(order.phoneNumber) || t('details.notProvided')}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="font-medium text-muted-foreground text-sm">{t('details.lastOrderDate')}</dt>
            <dd>{format.date(order.orderDate)}</dd>
          </div>
        </dl>
      </CardContent>
      <CardFooter>
        <UpdateInformationDialog order={order} />
      </CardFooter>
    </>
  );
}

function NoOrderYet() {
  const { t } = useTranslation('account');
  const { storeUrl } = useExternalLinks();
  return (
    <CardContent className="grid justify-items-start gap-4">
      <p className="text-muted-foreground">{t('details.noOrder')}</p>
      {/* Hidden until an admin sets the store's address (decision 266). */}
      {storeUrl && (
        <Button asChild>
          <a href={storeUrl} target="_blank" rel="noopener noreferrer">
            {t('details.placeFirstOrder')}
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>
        </Button>
      )}
    </CardContent>
  );
}

function UpdateInformationDialog({ order }: { order: OrderDto }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const updateShipping = useUpdateShippingAddress();

  function save(values: ShippingValues) {
    updateShipping.mutate(values, {
      onSuccess: () => {
        toastSuccess(t('details.updated'), t('details.updatedText'));
        setOpen(false);
      },
      onError: () => {
        toast({
          variant: 'destructive',
          title: t('details.updateFailed'),
          description: t('details.updateFailedText'),
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          {t('details.update')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('details.update')}</DialogTitle>
          <DialogDescription>{t('details.updateDescription')}</DialogDescription>
        </DialogHeader>
        <ShippingForm order={order} busy={updateShipping.isPending} onSubmit={save} />
      </DialogContent>
    </Dialog>
  );
}

type ShippingValues = z.output<typeof shippingAddressUpdateSchema>;

/** The form starts from the order: an address object fills each field, a text address fills Address. */
function defaultsFor(
  order: OrderDto,
  profilePhone: string | null | undefined,
): z.input<typeof shippingAddressUpdateSchema> {
  const address = order.shippingAddress;
  const fields =
    address && typeof address === 'object'
      ? {
          address: address.street ?? '',
          city: address.city ?? '',
          state: address.state ?? '',
          zipCode: address.zipCode ?? '',
        }
      : { address: address ?? '', city: '', state: '', zipCode: '' };
  return {
    ...fields,
    zipCode: fields.zipCode || order.zipCode || '',
    // An order without a phone suggests the profile's, which the customer can still change.
    phoneNumber: order.phoneNumber || profilePhone || '',
  };
}

function ShippingForm({
  order,
  busy,
  onSubmit,
}: {
  order: OrderDto;
  busy: boolean;
  onSubmit: (values: ShippingValues) => void;
}) {
  const { user } = useSession();
  const form = useForm<z.input<typeof shippingAddressUpdateSchema>, unknown, ShippingValues>({
    resolver: zodResolver(shippingAddressUpdateSchema),
    defaultValues: defaultsFor(order, user?.phoneNumber),
  });
  const { errors } = form.formState;
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        label={t('details.address')}
        autoComplete="shipping street-address"
        maxLength={300}
        error={fieldMessage(errors.address?.message)}
        {...form.register('address')}
      />
      <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <div className="col-span-2 sm:col-span-1">
          <TextField
            label={t('details.city')}
            autoComplete="shipping address-level2"
            maxLength={100}
            error={fieldMessage(errors.city?.message)}
            {...form.register('city')}
          />
        </div>
        <TextField
          label={t('details.state')}
          autoComplete="shipping address-level1"
          maxLength={50}
          error={fieldMessage(errors.state?.message)}
          {...form.register('state')}
        />
        <TextField
          label={t('details.zipCode')}
          autoComplete="shipping postal-code"
          inputMode="numeric"
          maxLength={10}
          error={fieldMessage(errors.zipCode?.message)}
          {...form.register('zipCode')}
        />
      </div>
      <TextField
        label={t('details.phone')}
        type="tel"
        autoComplete="shipping tel"
        maxLength={20}
        error={fieldMessage(errors.phoneNumber?.message)}
        {...form.register('phoneNumber')}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={busy}>
          {t('save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
