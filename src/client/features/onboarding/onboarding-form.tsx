/**
 * 'Complete Your Onboarding': personal information, application type, the Business panel and the final
 * delivery address, checked with the shared schema and sent to POST /api/onboarding/submit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  FormProvider,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';
import {
  BUSINESS_TYPES,
  type OnboardingFormData,
  onboardingFormSchema,
} from '../../../shared/schemas/onboarding.js';
import { FormSelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { usePublicConfig } from '../../lib/public-config';
import { cn } from '../../lib/utils';
import { AddressFields } from './address-fields';
import { useSubmitOnboarding } from './api';
import {
  type AccountPrefill,
  deliveryPrefill,
  initialValues,
  type OnboardingField,
  type OnboardingValues,
  STATE_OPTIONS,
  submissionFormData,
  validationToast,
} from './form-model';
import { loadPlaces, type PlacesLibrary } from './google-places';
import { PhoneField } from './phone-field';

export const MAPS_LOAD_FAILED = 'Unable to load Google Maps. Please try again later.';
export const MAPS_LOAD_FAILED_DEV =
  'Development mode: Maps API may be limited. Try refreshing or check your API key.';

const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({ value: type, label: type }));

export interface OnboardingFormProps {
  /** The order's internal id, as in the URL paths. */
  orderId: number;
  orderItemId: number;
  itemNumber: number;
  /**
   * What the account holds (e-mail, names, phone, the order's shipping details), from
   * GET /api/order-items/:id/details; empty when unknown.
   */
  account: AccountPrefill;
  /** The unit's saved onboarding answers, when there are any. */
  saved?: unknown;
  onSubmitted: () => void;
  onCancel: () => void;
}

export default function OnboardingForm({
  orderId,
  orderItemId,
  itemNumber,
  account,
  saved,
  onSubmitted,
  onCancel,
}: OnboardingFormProps) {
  const form = useForm<OnboardingValues, unknown, OnboardingFormData>({
    // The form holds every field as a string; the schema's input type has them optional.
    resolver: zodResolver(onboardingFormSchema) as Resolver<OnboardingValues, unknown, OnboardingFormData>,
    defaultValues: initialValues(account, saved),
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const places = usePlacesLibrary();
  const submit = useSubmitOnboarding(orderItemId, {
    onSuccess: () => {
      toastSuccess('Onboarding Complete');
      onSubmitted();
    },
  });
  const [applicationType, hasDelivery, businessType] = useWatch({
    control: form.control,
    name: ['applicationType', 'hasFinalizedDeliveryAddress', 'businessType'],
  });
  const errors = form.formState.errors;

  const send = (values: OnboardingFormData) => {
    submit.mutate(
      { formData: submissionFormData(values), orderItemId, orderId, itemNumber },
      {
        onError: (error) => {
          for (const [name, message] of Object.entries(errorFields(error))) {
            if (name in values) form.setError(name as OnboardingField, { type: 'server', message });
          }
          toastError('Failed to submit onboarding form', error, 'Something went wrong. Please try again.');
        },
      },
    );
  };

  const refuse = (fieldErrors: FieldErrors<OnboardingValues>) => {
    toast({ variant: 'destructive', ...validationToast(fieldErrors) });
  };

  // After a refused submit the first message on screen gets the focus: react-hook-form would pick
  // the first field registered, and this form registers its own inputs before those of its parts.
  const submitCount = form.formState.submitCount;
  useEffect(() => {
    if (submitCount === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitCount]);

  return (
    <FormProvider {...form}>
      <form
        ref={formRef}
        noValidate
        onSubmit={form.handleSubmit(send, refuse)}
        className="flex min-h-0 flex-1 flex-col"
      >
        <div className="grid min-h-0 flex-1 gap-8 overflow-y-auto px-4 py-5 sm:px-6">
          <Section number={1} title="Personal Information">
            <TextField
              label="Email"
              type="email"
              readOnly
              aria-readonly="true"
              className="bg-muted text-muted-foreground"
              {...form.register('email')}
            />
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField
                label="First Name"
                autoComplete="given-name"
                maxLength={300}
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <TextField
                label="Last Name"
                autoComplete="family-name"
                maxLength={300}
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
            </div>
            <AddressFields group="personal" label="Address" places={places} />
            <PhoneField label="Personal Cell Phone" name="personalPhone" countryName="personalPhoneCountry" />
          </Section>

          <Controller
            control={form.control}
            name="applicationType"
            render={({ field }) => (
              <ChoiceSection
                number={2}
                title="Application Type"
                value={field.value}
                onChange={field.onChange}
                choices={['Business', 'Individual']}
              />
            )}
          />

          {applicationType === 'Business' && (
            <Section number={3} title="Business Information">
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormSelectField<OnboardingValues>
                  label="Business Type"
                  name="businessType"
                  choices={BUSINESS_TYPE_OPTIONS}
                  placeholder="Select business type"
                />
                {businessType === 'Other' && (
                  <TextField
                    label="Specify Business Type"
                    maxLength={300}
                    error={errors.otherBusinessType?.message}
                    {...form.register('otherBusinessType')}
                  />
                )}
              </div>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  label="Business Name"
                  autoComplete="organization"
                  maxLength={300}
                  error={errors.businessName?.message}
                  {...form.register('businessName')}
                />
                <FormSelectField<OnboardingValues>
                  label="State Entity Established"
                  name="stateEntityEstablished"
                  choices={STATE_OPTIONS}
                  placeholder="Select state"
                />
              </div>
              <PhoneField label="Business Phone" name="businessPhone" countryName="businessPhoneCountry" />
              <AddressFields group="business" label="Business Address" places={places} />
            </Section>
          )}

          <Controller
            control={form.control}
            name="hasFinalizedDeliveryAddress"
            render={({ field }) => (
              <ChoiceSection
                number={applicationType === 'Business' ? 4 : 3}
                title="Final Delivery Address"
                description="Do you have a finalized delivery address for your unit?"
                value={field.value}
                onChange={(choice) => {
                  field.onChange(choice);
                  const prefill = choice === 'Yes' ? deliveryPrefill(form.getValues()) : null;
                  for (const [name, value] of Object.entries(prefill ?? {})) {
                    form.setValue(name as OnboardingField, value);
                  }
                }}
                choices={['Yes', 'No']}
              >
                {hasDelivery === 'Yes' && (
                  <AddressFields
                    group="delivery"
                    label="Delivery Address"
                    places={places}
                    placeholder="Same as main address"
                  />
                )}
              </ChoiceSection>
            )}
          />
        </div>

        <div className="grid grid-cols-2 gap-2 border-t px-4 py-4 sm:flex sm:justify-end sm:px-6">
          <Button type="button" variant="outline" onClick={onCancel} disabled={submit.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.isPending} className="sm:min-w-32">
            {submit.isPending ? 'Submitting...' : 'Submit'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
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

function SectionTitle({ number, title }: { number: number; title: string }) {
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

/** A numbered section whose question is a radio group: a fieldset named by its legend. */
function ChoiceSection<T extends string>({
  number,
  title,
  description,
  value,
  onChange,
  choices,
  children,
}: {
  number: number;
  title: string;
  description?: string;
  value: T;
  onChange: (value: T) => void;
  choices: readonly T[];
  children?: ReactNode;
}) {
  const legendId = useId();
  const descriptionId = useId();
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend id={legendId} className="mb-4 p-0">
        <SectionTitle number={number} title={title} />
      </legend>
      {description && (
        <p id={descriptionId} className="-mt-2 text-muted-foreground text-sm">
          {description}
        </p>
      )}
      <RadioGroup
        aria-labelledby={legendId}
        aria-describedby={description ? descriptionId : undefined}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        className="flex flex-wrap gap-3"
      >
        {choices.map((choice) => (
          <ChoiceOption key={choice} value={choice} selected={choice === value} />
        ))}
      </RadioGroup>
      {children}
    </fieldset>
  );
}

function ChoiceOption({ value, selected }: { value: string; selected: boolean }) {
  const id = useId();
  return (
    <Label
      htmlFor={id}
      className={cn(
        'flex min-w-32 cursor-pointer items-center gap-3 rounded-md border px-4 py-3 transition-colors hover:bg-accent',
        selected ? 'border-primary bg-primary/5' : 'border-input',
      )}
    >
      <RadioGroupItem id={id} value={value} />
      {value}
    </Label>
  );
}

/** Loads the places library when the server has a map key; null until then, or without one. */
function usePlacesLibrary(): PlacesLibrary | null {
  const config = usePublicConfig();
  const apiKey = config.data?.googleMapsApiKey ?? null;
  const isDevelopment = config.data?.isDevelopment ?? false;
  const [places, setPlaces] = useState<PlacesLibrary | null>(null);
  useEffect(() => {
    if (!apiKey) return;
    let current = true;
    loadPlaces(apiKey).then(
      (library) => {
        if (current) setPlaces(library);
      },
      () => {
        // The plain address fields stay in place, so the form can still be completed.
        if (current)
          toast({ variant: 'destructive', title: isDevelopment ? MAPS_LOAD_FAILED_DEV : MAPS_LOAD_FAILED });
      },
    );
    return () => {
      current = false;
    };
  }, [apiKey, isDevelopment]);
  return places;
}
