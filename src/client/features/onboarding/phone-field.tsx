import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatPhone } from '../../../shared/format.js';
import { PHONE_COUNTRIES, type PhoneCountryName } from '../../../shared/schemas/onboarding.js';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { type OnboardingValues, phoneCountryCode, phoneDigitsOf } from './form-model';

/** What the input shows: the country's format once all ten digits are there, the digits before. */
export function displayPhone(digits: string, country: PhoneCountryName): string {
  return digits.length === 10 ? formatPhone(digits, phoneCountryCode(country)) : digits;
}

/**
 * A phone number with its country. The form keeps ten digits; the input shows them formatted,
 * (xxx) xxx-xxxx for the US and Canada and xx xxxx xxxx for Mexico.
 */
export function PhoneField({
  label,
  name,
  countryName,
}: {
  label: string;
  name: 'personalPhone' | 'businessPhone';
  countryName: 'personalPhoneCountry' | 'businessPhoneCountry';
}) {
  const { t } = useTranslation('onboarding');
  const { control } = useFormContext<OnboardingValues>();
  const country = useController({ control, name: countryName }).field;
  const { field: phone, fieldState } = useController({ control, name });
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const error = fieldState.error?.message;
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Select value={country.value} onValueChange={country.onChange}>
          <SelectTrigger
            ref={country.ref}
            aria-label={t('fields.phoneCountry', { label })}
            className="w-28 shrink-0"
          >
            <SelectValue>
              {PHONE_COUNTRIES.filter((c) => c.name === country.value).map((c) => `${c.code} ${c.dialing}`)}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            {PHONE_COUNTRIES.map((c) => (
              <SelectItem key={c.code} value={c.name}>
                {t(`countries.${c.name}`)} ({c.dialing})
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Input
          id={inputId}
          ref={phone.ref}
          name={phone.name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={displayPhone(phone.value, country.value)}
          onChange={(event) => phone.onChange(phoneDigitsOf(event.target.value, country.value))}
          onBlur={phone.onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      {error && (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
