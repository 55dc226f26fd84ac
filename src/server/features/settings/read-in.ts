import { inArray } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  SETTINGS_DEFAULTS,
  SETTINGS_SCHEMAS,
  type SettingsByCategory,
  type SettingsCategory,
} from '../../../shared/schemas/settings.js';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema.js';

/**
 * One category's values inside the caller's transaction, defaults filled in; a stored value that no
 * longer fits its schema falls back to the default, as the settings service reads them.
 */
export async function readSettingsIn<C extends SettingsCategory>(
  tx: Executor,
  category: C,
): Promise<SettingsByCategory[C]> {
  const defaults = SETTINGS_DEFAULTS[category];
  const rows = await tx
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.keys(defaults)));
  const shape = SETTINGS_SCHEMAS[category].def.shape as Record<string, z.ZodMiniType>;
  const merged: Record<string, unknown> = { ...defaults };
  for (const row of rows) {
    const fieldSchema = shape[row.key];
    if (fieldSchema && z.safeParse(fieldSchema, row.value).success) merged[row.key] = row.value;
  }
  return merged as SettingsByCategory[C];
}
