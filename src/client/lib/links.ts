/**
 * External pages the product links to (decision 36): the FAQ ('Help & Support'), the store ('Browse
 * Products', 'Place Your First Order') and the members area. They are set in Settings → General and
 * arrive with the public configuration; until it has loaded, the defaults apply. The FAQ and store
 * are unset ('') by default: Help & Support then opens the built-in /help page and the store buttons
 * are hidden (decision 266).
 */
import { SETTINGS_DEFAULTS } from '../../shared/schemas/settings.js';
import { usePublicConfig } from './public-config';

export interface ExternalLinks {
  faqUrl: string;
  storeUrl: string;
  membersAreaUrl: string;
}

const { faqUrl, storeUrl, membersAreaUrl } = SETTINGS_DEFAULTS.general;
export const DEFAULT_LINKS: ExternalLinks = { faqUrl, storeUrl, membersAreaUrl };

export function useExternalLinks(): ExternalLinks {
  const config = usePublicConfig().data;
  return config
    ? { faqUrl: config.faqUrl, storeUrl: config.storeUrl, membersAreaUrl: config.membersAreaUrl }
    : DEFAULT_LINKS;
}
