/**
 * The portal's names of orders and units (src/shared/unit-name.ts), the unit's word from
 * `common:unit.word` in the reader's language.
 */
import { useTranslation } from 'react-i18next';
import { orderName, unitName } from '../../shared/unit-name.js';

export function useNames() {
  const { t } = useTranslation('common');
  const word = t('unit.word');
  return {
    /** 'VH1042' */
    order: orderName,
    /** 'VH1042 · Unit 2' */
    unit: (orderId: string, itemNumber: number) => unitName(orderId, itemNumber, word),
  };
}
