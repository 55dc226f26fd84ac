/**
 * The Settings page's calls: settings by category, the Stripe key update that precedes saving
 * integrations, and API keys (real keys, shown once).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyRoutes } from '../../../shared/routes/api-keys.js';
import { settingsRoutes } from '../../../shared/routes/settings.js';
import type { SettingsByCategory, SettingsCategory } from '../../../shared/schemas/settings.js';
import { apiJson } from '../../lib/api';
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
    queryFn: async () => {
      const entries = await callApi(settingsRoutes.read, { params: { category } });
      // The answer lists each key with an unknown value; the category's keys and types are
      // SETTINGS_DEFAULTS', which the server fills in for every key it does not hold.
      return Object.fromEntries(entries.map(({ key, value }) => [key, value])) as SettingsByCategory[C];
    },
  });
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
    mutationFn: (key: string) => apiJson<unknown>('POST', '/api/stripe/update-key', { key }),
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
