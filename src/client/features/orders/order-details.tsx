/** The order details dialog: every section hides empty values. */
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, type PhoneCountry } from '../../../shared/format.js';
import type { UnitMoney } from '../../../shared/schemas/money.js';
import { PHONE_COUNTRIES } from '../../../shared/schemas/onboarding.js';
import type { OrderDto, ShippingAddressDto, StageDataDto } from '../../../shared/schemas/orders.js';
import type { Stage } from '../../../shared/stages.js';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Badge } from '../../components/ui/badge';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { useNames } from '../../lib/names';
import { useStageText } from '../../lib/stage-text';
import { useFormat } from '../../lib/use-format';
import { DeliveryEstimateNote } from '../forecast/delivery-estimate';
import { type MoneyWords, useMoneyWords } from '../payments/money';
import type { OrderUnit } from './item-status';

/** What the field lists below need to word and format their values in the reader's language. */
interface Words {
  t: TFunction<'orders'>;
  format: ReturnType<typeof useFormat>;
  stages: ReturnType<typeof useStageText>;
  money: MoneyWords;
}

type FieldList = readonly (readonly [label: string, value: ReactNode])[];

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === '';
}

/** A titled list of label/value pairs; pairs without a value are left out, a section with none too. */
function Section({ title, fields }: { title: string; fields: FieldList }) {
  const shown = fields.filter(([, value]) => !isEmpty(value));
  if (shown.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold text-sm">{title}</h3>
      <FieldRows fields={shown} />
    </section>
  );
}

function FieldRows({ fields }: { fields: FieldList }) {
  return (
    <dl className="grid gap-x-4 gap-y-1.5 rounded-lg border bg-muted/40 p-3 text-sm sm:grid-cols-[10rem_1fr]">
      {fields
        .filter(([, value]) => !isEmpty(value))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="mb-1 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** A shipping address object as two lines, or the plain text as given. */
export function formatAddress(address: ShippingAddressDto | null): string {
  if (!address) return '';
  if (typeof address === 'string') return address.trim();
  const cityLine = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [address.street, cityLine].filter(Boolean).join('\n');
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function phoneCountry(name: unknown): PhoneCountry {
  return PHONE_COUNTRIES.find((c) => c.name === name)?.code ?? 'US';
}

/** The subset of the onboarding answers a customer recognises their unit by. */
function onboardingFields(stageData: StageDataDto, { t }: Words): FieldList {
  const data = stageData.onboardingData;
  if (!data || typeof data !== 'object') return [];
  const answers: Record<string, unknown> = Object.fromEntries(Object.entries(data));
  const applicationType = text(answers.applicationType);
  return [
    [t('details.name'), [text(answers.firstName), text(answers.lastName)].filter(Boolean).join(' ')],
    [
      t('details.applicationType'),
      applicationType === 'Business' || applicationType === 'Individual'
        ? t(`applicationTypes.${applicationType}`)
        : applicationType,
    ],
    [
      t('details.phone'),
      formatPhone(text(answers.personalPhone), phoneCountry(answers.personalPhoneCountry)),
    ],
    [t('details.address'), text(answers.personalFullAddress) || text(answers.address)],
  ];
}

function humanise(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The stage data's plain values (documentStatus, documentUrl, signingStartedAt, ...): links open in
 * a new tab, times show as dates, and names read as words ('documentUrl' as 'Document').
 */
function stageDataFields(stageData: StageDataDto, { t, format }: Words): FieldList {
  return Object.entries(stageData)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => {
      const shown = String(value);
      if (/url$/i.test(key) && /^https?:\/\//.test(shown)) {
        return [
          key === 'documentUrl' ? t('details.document') : humanise(key.replace(/url$/i, '')),
          <a
            key={key}
            href={shown}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline"
          >
            {t('details.openDocument')}
            <span className="sr-only">{t('opensInNewTab')}</span>
          </a>,
        ] as const;
      }
      if (/(At|Date)$/.test(key) && format.date(shown)) {
        return [humanise(key.replace(/At$/, '')), format.date(shown)] as const;
      }
      const label = key === 'documentStatus' ? t('details.documentStatus') : humanise(key);
      return [label, /status$/i.test(key) ? humanise(shown) : shown] as const;
    });
}

function unitFields(unit: OrderUnit, money: UnitMoney | undefined, words: Words): FieldList {
  const { t, format, stages } = words;
  const data = unit.stageData;
  // The deposit's state once it is asked for, as the order summary says it.
  const asked = money && money.state !== 'upcoming' && money.state !== 'unrecorded' ? money : undefined;
  const estimate = unit.status !== 'DELIVERED' && !unit.deliveryDate ? unit.item?.estimate : undefined;
  return [
    [t('details.status'), stages.label(unit.status)],
    [t('details.documentStatus'), text(data.documentStatus) && humanise(text(data.documentStatus))],
    [t('details.paymentStatus'), asked && words.money.unitState[asked.state]],
    [t('details.deposit'), asked?.deposit != null && format.money(asked.deposit)],
    [t('details.expectedDelivery'), format.date(unit.deliveryDate)],
    [
      t('details.estimatedDelivery'),
      estimate && <DeliveryEstimateNote key="estimate" estimate={estimate} compact />,
    ],
    ...onboardingFields(data, words),
  ];
}

/** The documents of an order at DOCUMENTS_SIGNING: its own stage data, else its signing units'. */
function documentFields(order: OrderDto, units: readonly OrderUnit[], words: Words): FieldList {
  const own = stageDataFields(order.currentStageData, words);
  if (own.length > 0) return own;
  const signing = units.find((u) => u.status === 'DOCUMENTS_SIGNING');
  return signing ? stageDataFields(signing.stageData, words) : [];
}

export function OrderDetails({ order, units }: { order: OrderDto; units: readonly OrderUnit[] }) {
  const { t } = useTranslation('orders');
  const names = useNames();
  const format = useFormat();
  const stages = useStageText();
  const words: Words = { t, format, stages, money: useMoneyWords() };
  const address = formatAddress(order.shippingAddress);
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground text-sm">{t('details.orderId')}</span>
        <span className="font-semibold">{names.order(order.orderId)}</span>
        <OrderStageBadge units={units} fallback={order.status} />
      </div>
      <Section
        title={t('details.productInformation')}
        fields={[
          [t('details.product'), order.productName],
          [t('details.quantity'), order.quantity || 1],
        ]}
      />
      <Section
        title={t('details.orderTimeline')}
        fields={[
          [t('details.orderDate'), format.date(order.orderDate) || t('details.notAvailable')],
          [t('details.unitDeliveryDates'), format.daySpan(units.map((unit) => unit.deliveryDate))],
        ]}
      />
      <Section
        title={t('details.shippingInformation')}
        fields={[[t('details.address'), address && <span className="whitespace-pre-line">{address}</span>]]}
      />
      <Section title={t('details.locationInformation')} fields={[[t('details.zipCode'), order.zipCode]]} />
      <Section
        title={t('details.paymentInformation')}
        fields={[
          [t('details.orderTotal'), format.money(order.money.orderValue)],
          [words.money.paid, order.money.paid > 0 && format.money(order.money.paid)],
          [words.money.due, order.money.due > 0 && format.money(order.money.due)],
          [t('details.paymentMethod'), words.money.method(order.paymentMethod)],
        ]}
      />
      {order.status === 'DOCUMENTS_SIGNING' && (
        <Section title={t('details.documents')} fields={documentFields(order, units, words)} />
      )}
      {units.length > 0 && (
        <section className="grid gap-1">
          <h3 className="font-semibold text-sm">{t('details.orderItems')}</h3>
          <Accordion type="single" collapsible className="rounded-lg border px-3">
            {units.map((unit) => (
              <AccordionItem key={unit.itemNumber} value={String(unit.itemNumber)}>
                <AccordionTrigger>
                  {t('details.item', {
                    unit: names.unit(order.orderId, unit.itemNumber),
                    stage: stages.label(unit.status),
                  })}
                </AccordionTrigger>
                <AccordionContent>
                  <FieldRows
                    fields={unitFields(
                      unit,
                      order.money.units.find((money) => money.itemNumber === unit.itemNumber),
                      words,
                    )}
                  />
                </AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        </section>
      )}
    </div>
  );
}

/**
 * The order's stage for customers: the one label when its units share a step, else 'Units at different
 * stages' with how many units are on each step.
 */
export function OrderStageBadge({ units, fallback }: { units: readonly OrderUnit[]; fallback: Stage }) {
  const stage = useStageText().order(units.length > 0 ? units.map((unit) => unit.status) : [fallback]);
  return (
    <>
      <Badge variant="secondary">{stage.label}</Badge>
      {stage.mixed && <span className="text-muted-foreground text-sm">{stage.breakdown}</span>}
    </>
  );
}

interface OrderDetailsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  order: OrderDto;
  units: readonly OrderUnit[];
}

/** The order details in a dialog at most 600 px wide. */
export function OrderDetailsDialog({ open, onOpenChange, order, units }: OrderDetailsDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('details.title')}</DialogTitle>
          <DialogDescription>{order.productName}</DialogDescription>
        </DialogHeader>
        <OrderDetails order={order} units={units} />
      </DialogContent>
    </Dialog>
  );
}
