/**
 * The few words the shared building blocks say to screen readers ("Close", "Loading", "Show
 * password"). They come from the screen around them: the customer side gives them in the customer's
 * language, the back office keeps English, and without a provider they are English.
 */
import { createContext, useContext } from 'react';

export interface UiLabels {
  close: string;
  closeNotification: string;
  loading: string;
  showPassword: string;
}

export const ENGLISH_UI_LABELS: UiLabels = {
  close: 'Close',
  closeNotification: 'Close notification',
  loading: 'Loading',
  showPassword: 'Show password',
};

const UiLabelsContext = createContext<UiLabels>(ENGLISH_UI_LABELS);

export const UiLabelsProvider = UiLabelsContext.Provider;

export function useUiLabels(): UiLabels {
  return useContext(UiLabelsContext);
}
