import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelectField } from '../../components/select-field';
import { TextField } from '../../components/ui/text-field';
import { ADDRESS_GROUPS, type AddressGroup, type OnboardingValues, STATE_OPTIONS } from './form-model';
import { AUTOCOMPLETE_OPTIONS, addressFromPlace, type PlacesLibrary } from './google-places';

/**
 * One of the form's three addresses. With the places library it is one autocomplete input that
 * fills the hidden city, state, ZIP and full-address fields; without it (no map key, or the script
 * failed) it is plain street, city, state and ZIP inputs that stay usable.
 */
export function AddressFields({
  group,
  label,
  places,
  placeholder,
}: {
  group: AddressGroup;
  label: string;
  places: PlacesLibrary | null;
  placeholder?: string;
}) {
  const { t } = useTranslation('onboarding');
  const { register, formState } = useFormContext<OnboardingValues>();
  const fields = ADDRESS_GROUPS[group];
  const errors = formState.errors;
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="sr-only">{t(`legends.${group}`)}</legend>
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {places ? (
          <AutocompleteAddress group={group} label={label} places={places} placeholder={placeholder} />
        ) : (
          <PlainStreet group={group} label={label} placeholder={placeholder} />
        )}
        <TextField
          label={t('fields.unit')}
          autoComplete="address-line2"
          maxLength={300}
          {...register(fields.unit)}
        />
      </div>
      {!places && (
        // City on its own line on phones, State and ZIP side by side under it; one row from sm up.
        <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,12rem)_minmax(0,8rem)]">
          <div className="col-span-2 sm:col-span-1">
            <TextField
              label={t('fields.city')}
              autoComplete="address-level2"
              maxLength={300}
              error={errors[fields.city]?.message}
              {...register(fields.city)}
            />
          </div>
          <FormSelectField<OnboardingValues>
            label={t('fields.state')}
            name={fields.state}
            choices={STATE_OPTIONS}
            placeholder={t('fields.selectState')}
          />
          <TextField
            label={t('fields.zipCode')}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={10}
            error={errors[fields.zip]?.message}
            {...register(fields.zip)}
          />
        </div>
      )}
    </fieldset>
  );
}

function PlainStreet({
  group,
  label,
  placeholder,
}: {
  group: AddressGroup;
  label: string;
  placeholder?: string;
}) {
  const { register, setValue, formState } = useFormContext<OnboardingValues>();
  const fields = ADDRESS_GROUPS[group];
  const street = register(fields.street, {
    // The typed street is the street line; a full address from an earlier autocomplete no longer is.
    onChange: (event: { target: { value: string } }) => {
      if (fields.streetLine) setValue(fields.streetLine, event.target.value);
      setValue(fields.full, '');
    },
  });
  return (
    <TextField
      label={label}
      autoComplete="address-line1"
      placeholder={placeholder}
      maxLength={300}
      error={formState.errors[fields.street]?.message}
      {...street}
    />
  );
}

function AutocompleteAddress({
  group,
  label,
  places,
  placeholder,
}: {
  group: AddressGroup;
  label: string;
  places: PlacesLibrary;
  placeholder?: string;
}) {
  const { t } = useTranslation('onboarding');
  const { register, setValue, formState } = useFormContext<OnboardingValues>();
  const fields = ADDRESS_GROUPS[group];
  const inputRef = useRef<HTMLInputElement | null>(null);
  const street = register(fields.street, {
    // Typing after a choice means the hidden parts no longer describe what the field says.
    onChange: () => {
      for (const name of [fields.full, fields.city, fields.state, fields.zip]) setValue(name, '');
      if (fields.streetLine) setValue(fields.streetLine, '');
    },
  });

  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const autocomplete = new places.Autocomplete(input, AUTOCOMPLETE_OPTIONS);
    const listener = autocomplete.addListener('place_changed', () => {
      const place = addressFromPlace(autocomplete.getPlace());
      if (!place) return;
      const options = { shouldDirty: true };
      setValue(fields.street, place.formatted, { ...options, shouldValidate: true });
      setValue(fields.full, place.formatted, options);
      if (fields.streetLine) setValue(fields.streetLine, place.street, options);
      setValue(fields.city, place.city, options);
      setValue(fields.state, place.state, options);
      setValue(fields.zip, place.zip, options);
    });
    return () => listener.remove();
  }, [places, fields, setValue]);

  return (
    <>
      {/* Google's suggestion list hangs off <body>, which the open modal dialog makes unclickable. */}
      <style href="onboarding-pac-container" precedence="default">
        {'.pac-container{pointer-events:auto}'}
      </style>
      <TextField
        label={label}
        autoComplete="off"
        placeholder={placeholder ?? t('fields.startTyping')}
        maxLength={300}
        error={formState.errors[fields.street]?.message}
        {...street}
        ref={(element) => {
          street.ref(element);
          inputRef.current = element;
        }}
        onKeyDown={(event) => {
          // Enter picks a suggestion; it must not submit the whole form at the same time.
          if (
            event.key === 'Enter' &&
            document.querySelector('.pac-container:not([style*="display: none"])')
          ) {
            event.preventDefault();
          }
        }}
      />
    </>
  );
}
