import { describe, expect, it } from 'vitest';
import { paymentStatusDisplay } from './payment-status';

describe('payment status display', () => {
  it.each(['paid', 'PAID', 'completed'])('shows %s as Paid in green', (status) => {
    expect(paymentStatusDisplay(status)).toEqual({ label: 'Paid', tone: 'paid' });
  });

  it.each(['processing', 'requires_capture'])('shows %s as Awaiting Funds in blue', (status) => {
    expect(paymentStatusDisplay(status)).toEqual({ label: 'Awaiting Funds', tone: 'awaiting' });
  });

  it('capitalises any other value in amber', () => {
    expect(paymentStatusDisplay('failed')).toEqual({ label: 'Failed', tone: 'other' });
    expect(paymentStatusDisplay('requires_payment_method')).toEqual({
      label: 'Requires payment method',
      tone: 'other',
    });
    expect(paymentStatusDisplay(undefined)).toEqual({ label: 'Pending', tone: 'other' });
  });
});
