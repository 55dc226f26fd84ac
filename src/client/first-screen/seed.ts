/**
 * A first screen's answers (src/shared/first-screen.ts) put where the screens read them: the query
 * cache, under each query's own key. The server does it before drawing, the browser before taking the
 * drawing over, so both render from the same data.
 */
import type { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_DATA_ID, type FirstScreen, firstScreenPage } from '../../shared/first-screen.js';
import { isLocale } from '../../shared/locales.js';
import { authKeys } from '../features/auth/session';
import { orderKeys } from '../features/orders/api';
import { trackingKeys } from '../features/tracking/api';
import { configKeys } from '../lib/public-config';

export function seedFirstScreen(queryClient: QueryClient, screen: FirstScreen): void {
  const { answers, answeredAt: updatedAt } = screen;
  const seed = (key: readonly unknown[], data: unknown) => {
    if (data !== undefined) queryClient.setQueryData(key, data, { updatedAt });
  };
  seed(authKeys.user, answers.session?.user);
  seed(configKeys.public, answers.config);
  seed(orderKeys.list(), answers.orders);
  if (answers.order) {
    seed(orderKeys.detail(answers.order.id), answers.order);
    seed(orderKeys.items(answers.order.id), answers.items);
  }
  const page = firstScreenPage(new URL(screen.url, 'http://page').pathname);
  if (page?.kind === 'track') seed(trackingKeys.order(page.token), answers.tracked);
}

/** The first screen the server drew into this page, if it drew one for the address shown. */
export function drawnFirstScreen(): FirstScreen | null {
  const element = document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const screen = JSON.parse(element.textContent) as FirstScreen;
    const here = `${location.pathname}${location.search}`;
    return screen.url === here && isLocale(screen.locale) ? screen : null;
  } catch {
    return null;
  }
}
