/**
 * Saved views of the orders list: a name and the list's address (search, filters, sort, page size),
 * kept in this browser's localStorage under the signed-in staff member's id, so two admins sharing a
 * machine keep their own views. Anything unreadable in storage is treated as no views.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../auth/session';

export interface SavedView {
  id: string;
  name: string;
  /** The list's address without `page`: `status=PRODUCTION,DELIVERED&q=cabin`. */
  params: string;
}

export const VIEW_NAME_MAX_LENGTH = 60;
/** A menu longer than this is no quicker than the Filter dialog. */
export const SAVED_VIEWS_MAX = 30;

export function savedViewsKey(userId: number): string {
  return `orderflow:order-views:${userId}`;
}

function isSavedView(value: unknown): value is SavedView {
  if (typeof value !== 'object' || value === null) return false;
  const view = value as Record<string, unknown>;
  return typeof view.id === 'string' && typeof view.name === 'string' && typeof view.params === 'string';
}

export function readSavedViews(storage: Storage, userId: number): SavedView[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(savedViewsKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isSavedView) : [];
  } catch {
    return [];
  }
}

/** The address a view keeps: the list's parameters without the page, which a view always starts on 1. */
export function viewParams(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('page');
  return kept.toString();
}

/** Trimmed; refused when empty, too long or already taken by another view (case-insensitive). */
export function viewNameError(name: string, views: readonly SavedView[], exceptId?: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the view a name';
  if (trimmed.length > VIEW_NAME_MAX_LENGTH) return `At most ${VIEW_NAME_MAX_LENGTH} characters`;
  const taken = views.some(
    (view) => view.id !== exceptId && view.name.toLowerCase() === trimmed.toLowerCase(),
  );
  return taken ? 'A view with this name exists' : null;
}

/** Unique enough within one person's list; randomUUID needs a secure context a LAN install may lack. */
function newViewId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function useSavedViews() {
  const userId = useSession().user?.id ?? 0;
  const [views, setViews] = useState<SavedView[]>(() => readSavedViews(window.localStorage, userId));
  useEffect(() => setViews(readSavedViews(window.localStorage, userId)), [userId]);

  const store = useCallback(
    (update: (current: SavedView[]) => SavedView[]) => {
      setViews((current) => {
        const next = update(current);
        try {
          window.localStorage.setItem(savedViewsKey(userId), JSON.stringify(next));
        } catch {
          // Storage full or refused: the views still work until the page is left.
        }
        return next;
      });
    },
    [userId],
  );

  return {
    views,
    save: (name: string, params: string) =>
      store((current) => [...current, { id: newViewId(), name: name.trim(), params }]),
    rename: (id: string, name: string) =>
      store((current) => current.map((view) => (view.id === id ? { ...view, name: name.trim() } : view))),
    remove: (id: string) => store((current) => current.filter((view) => view.id !== id)),
  };
}

export type SavedViews = ReturnType<typeof useSavedViews>;
