/**
 * 'Complete Your Onboarding': personal information, application type, the Business panel and the final
 * delivery address, checked with the shared schema and sent to POST /api/onboarding/submit.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import {
  Controller,
  type FieldErrors,
  FormProvider,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  BUSINESS_TYPES,
  ONBOARDING_MESSAGES,
  type OnboardingFormData,
  onboardingFormSchema,
} from '../../../shared/schemas/onboarding.js';
import { FormSelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { errorFields } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import { ruleName } from '../../lib/schema-messages';
import { useServerError } from '../../lib/server-error';
import { AddressFields } from './address-fields';
import { useSubmitOnboarding } from './api';
import { ChoiceSection } from './choice-section';
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
import { Section } from './form-section';
import { PhoneField } from './phone-field';
import { usePlacesLibrary } from './use-places-library';

/**
 * The schema's messages (ONBOARDING_MESSAGES) of the browser's own check in the reader's language: the
 * resolver hands every field its message already translated.
 */
function useTranslatedResolver(): Resolver<OnboardingValues, unknown, OnboardingFormData> {
  const { t } = useTranslation('onboarding');
  const translate = (message: string) => {
    const name = ruleName(ONBOARDING_MESSAGES, message);
    return name ? t(`validation.${name}`) : message;
  };
  // The form holds every field as a string; the schema's input type has them optional.
  const resolve = zodResolver(onboardingFormSchema) as Resolver<
    OnboardingValues,
    unknown,
    OnboardingFormData
  >;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const error of Object.values(result.errors)) {
      if (error && typeof error.message === 'string') error.message = translate(error.message);
    }
    return result;
  };
}

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
  const { t, i18n } = useTranslation('onboarding');
  const serverError = useServerError();
  const form = useForm<OnboardingValues, unknown, OnboardingFormData>({
    resolver: useTranslatedResolver(),
    defaultValues: initialValues(account, saved),
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const places = usePlacesLibrary();
  const submit = useSubmitOnboarding(orderItemId, {
    onSuccess: () => {
      toastSuccess(t('toasts.success'));
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
          // The browser checked the same schema, so a refused field is rare (the rules changed under
          // an open page): its English words to an English reader, the refusal by its code otherwise.
          const refusal = serverError(error);
          for (const [name, message] of Object.entries(errorFields(error))) {
            if (name in values) {
              form.setError(name as OnboardingField, {
                type: 'server',
                message: (i18n.language === 'en' ? message : refusal) ?? t('toasts.failed'),
              });
            }
          }
          toastError(t('toasts.failed'), undefined, refusal ?? t('toasts.failedText'));
        },
      },
    );
  };

  const refuse = (fieldErrors: FieldErrors<OnboardingValues>) => {
    const { title, description } = validationToast(fieldErrors);
    toast({
      variant: 'destructive',
      title: t(`toasts.${title}`),
      description: description && t(`toasts.${description}`),
    });
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
          <Section number={1} title={t('sections.personal')}>
            <TextField
              label={t('fields.email')}
              type="email"
              readOnly
              aria-readonly="true"
              className="bg-muted text-muted-foreground"
              {...form.register('email')}
            />
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <TextField
                label={t('fields.firstName')}
                autoComplete="given-name"
                maxLength={300}
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <TextField
                label={t('fields.lastName')}
                autoComplete="family-name"
                maxLength={300}
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
            </div>
            <AddressFields group="personal" label={t('fields.address')} places={places} />
            <PhoneField
              label={t('fields.personalPhone')}
              name="personalPhone"
              countryName="personalPhoneCountry"
            />
          </Section>

          <Controller
            control={form.control}
            name="applicationType"
            render={({ field }) => (
              <ChoiceSection
                number={2}
                title={t('sections.applicationType')}
                value={field.value}
                onChange={field.onChange}
                choices={['Business', 'Individual']}
              />
            )}
          />

          {applicationType === 'Business' && (
            <Section number={3} title={t('sections.business')}>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <FormSelectField<OnboardingValues>
                  label={t('fields.businessType')}
                  name="businessType"
                  choices={BUSINESS_TYPES.map((type) => ({ value: type, label: t(`businessTypes.${type}`) }))}
                  placeholder={t('fields.businessTypePlaceholder')}
                />
                {businessType === 'Other' && (
                  <TextField
                    label={t('fields.otherBusinessType')}
                    maxLength={300}
                    error={errors.otherBusinessType?.message}
                    {...form.register('otherBusinessType')}
                  />
                )}
              </div>
              <div className="grid items-start gap-4 sm:grid-cols-2">
                <TextField
                  label={t('fields.businessName')}
                  autoComplete="organization"
                  maxLength={300}
                  error={errors.businessName?.message}
                  {...form.register('businessName')}
                />
                <FormSelectField<OnboardingValues>
                  label={t('fields.stateEntityEstablished')}
                  name="stateEntityEstablished"
                  choices={STATE_OPTIONS}
                  placeholder={t('fields.selectState')}
                />
              </div>
              <PhoneField
                label={t('fields.businessPhone')}
                name="businessPhone"
                countryName="businessPhoneCountry"
              />
              <AddressFields group="business" label={t('fields.businessAddress')} places={places} />
            </Section>
          )}

          <Controller
            control={form.control}
            name="hasFinalizedDeliveryAddress"
            render={({ field }) => (
              <ChoiceSection
                number={applicationType === 'Business' ? 4 : 3}
                title={t('sections.delivery')}
                description={t('sections.deliveryQuestion')}
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
                    label={t('fields.deliveryAddress')}
                    places={places}
                    placeholder={t('fields.sameAsMain')}
                  />
                )}
              </ChoiceSection>
            )}
          />
        </div>

        <div className="grid grid-cols-2 gap-2 border-t px-4 py-4 sm:flex sm:justify-end sm:px-6">
          <Button type="button" variant="outline" onClick={onCancel} disabled={submit.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={submit.isPending} className="sm:min-w-32">
            {submit.isPending ? t('submitting') : t('submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
