/**
 * Saved views of the orders list: a name and the list's address (search, filters, sort, page size),
 * kept on the server per staff member (src/client/features/staff-preferences/api.ts), so they follow
 * the person to any browser and nobody else sees them. Shown as tabs over the table and in Views.
 */
import type { SavedView } from '../../../shared/schemas/staff-preferences.js';
import { VIEW_NAME_MAX_LENGTH } from '../../../shared/schemas/staff-preferences.js';
import {
  useDeleteView,
  useRenameView,
  useSaveView,
  useSavedViews as useStoredViews,
} from '../staff-preferences/api';

export { SAVED_VIEWS_MAX, VIEW_NAME_MAX_LENGTH } from '../../../shared/schemas/staff-preferences.js';
export type { SavedView };

/** The address a view keeps: the list's parameters without the page, which a view always starts on 1. */
export function viewParams(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('page');
  return kept.toString();
}

/** Trimmed; refused when empty, too long or already taken by another view (case-insensitive). */
export function viewNameError(name: string, views: readonly SavedView[], exceptId?: number): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the view a name';
  if (trimmed.length > VIEW_NAME_MAX_LENGTH) return `At most ${VIEW_NAME_MAX_LENGTH} characters`;
  const taken = views.some(
    (view) => view.id !== exceptId && view.name.toLowerCase() === trimmed.toLowerCase(),
  );
  return taken ? 'A view with this name exists' : null;
}

export function useSavedViews() {
  const stored = useStoredViews();
  const save = useSaveView();
  const rename = useRenameView();
  const remove = useDeleteView();
  return {
    views: stored.data ?? [],
    save: (name: string, params: string) => save.mutateAsync({ name: name.trim(), params }),
    rename: (id: number, name: string) => rename.mutateAsync({ id, name: name.trim() }),
    remove: (id: number) => remove.mutateAsync(id),
  };
}

export type SavedViews = ReturnType<typeof useSavedViews>;
