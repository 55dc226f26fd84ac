import { describe, expect, it } from 'vitest';
import { depositAmount, paymentStatusDisplay } from './payment-status';

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

  it('shows the deposit from paymentAmount, then amount, then the order, in dollars from cents', () => {
    expect(depositAmount({ paymentAmount: 250000, amount: 1 }, '9900')).toBe('$2,500.00');
    expect(depositAmount({ amount: '150050' }, '9900')).toBe('$1,500.50');
    expect(depositAmount({}, '9900')).toBe('$99.00');
    expect(depositAmount({}, null)).toBe('');
  });
});
