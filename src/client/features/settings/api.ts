/**
 * The Settings page's calls: settings by category, the Stripe key update that precedes saving
 * integrations, and API keys (real keys, shown once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyRoutes } from '../../../shared/routes/api-keys.js';
import { paymentRoutes } from '../../../shared/routes/payments.js';
import { settingsRoutes } from '../../../shared/routes/settings.js';
import {
  SETTINGS_DEFAULTS,
  type SettingsByCategory,
  type SettingsCategory,
} from '../../../shared/schemas/settings.js';
import { callApi } from '../../lib/call-api';
import { configKeys } from '../../lib/public-config';

export const settingsKeys = {
  all: ['admin-settings'] as const,
  category: (category: SettingsCategory) => [...settingsKeys.all, category] as const,
};

export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

/** The category's values as an object; the server fills in defaults and masks secrets. */
export function useSettings<C extends SettingsCategory>(category: C) {
  return useQuery({
    queryKey: settingsKeys.category(category),
    queryFn: async () =>
      settingsFromEntries(category, await callApi(settingsRoutes.read, { params: { category } })),
  });
}

/**
 * The answer lists each key with a value of no declared type: the category's keys and their kinds are
 * SETTINGS_DEFAULTS'. Each default is overlaid with the answered value when that value is of the same
 * kind, so a screen never reads a key the category does not have or a value of another type.
 */
export function settingsFromEntries<C extends SettingsCategory>(
  category: C,
  entries: { key: string; value: unknown }[],
): SettingsByCategory[C] {
  const values = { ...SETTINGS_DEFAULTS[category] };
  const answered = new Map(entries.map(({ key, value }) => [key, value]));
  for (const key of Object.keys(values) as (keyof typeof values & string)[]) {
    const value = answered.get(key);
    if (isSameKind(value, values[key])) values[key] = value;
  }
  return values;
}

function isSameKind<T>(value: unknown, like: T): value is T {
  if (Array.isArray(like)) return Array.isArray(value);
  return value !== null && value !== undefined && typeof value === typeof like;
}

export function useSaveSettings<C extends SettingsCategory>(category: C) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<SettingsByCategory[C]>) =>
      callApi(settingsRoutes.saveBatch, { params: { category }, body: values }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.category(category) });
      // The company name, brand colour and links reach every screen through the public configuration.
      if (category === 'general') await queryClient.invalidateQueries({ queryKey: configKeys.public });
    },
  });
}

/** Sent before the integrations batch when a new Stripe secret was typed. */
export function useUpdateStripeKey() {
  return useMutation({
    mutationFn: (key: string) => callApi(paymentRoutes.updateStripeKey, { body: { key } }),
  });
}

export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.list(),
    queryFn: () => callApi(apiKeyRoutes.list),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(apiKeyRoutes.create, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(apiKeyRoutes.revoke, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
