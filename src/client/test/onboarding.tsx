/** The onboarding dialog under test: its API answers, and the steps a customer takes in it. */
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, vi } from 'vitest';
import type { OrderItemDetailsDto } from '../../shared/schemas/orders.js';
import { OnboardingDialog } from '../features/onboarding/onboarding-dialog';
import { makeItem, makeOrder } from './orders';
import { mockApi, renderWithProviders } from './utils';

export const ORDER_ID = 5;
export const ITEM_ID = 11;
export const DETAILS_URL = `GET /api/order-items/${ITEM_ID}/details`;
export const SUBMIT_URL = 'POST /api/onboarding/submit';

export function details(user: Partial<NonNullable<OrderItemDetailsDto['user']>> = {}): OrderItemDetailsDto {
  const { items: _items, ...order } = makeOrder({
    id: ORDER_ID,
    orderId: 'VH1042',
    productName: 'Tiny House',
    quantity: 2,
    status: 'LOCATION_ENABLED',
    zipCode: '78701',
  });
  return {
    item: makeItem({ id: ITEM_ID, orderId: ORDER_ID, itemNumber: 2, status: 'LOCATION_ENABLED' }),
    order,
    user: { id: 7, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phoneNumber: null, ...user },
    documents: [],
  };
}

export const submitted = { body: { message: 'Onboarding submitted', item: details().item } };

export type Routes = Parameters<typeof mockApi>[0];

export function renderDialog(routes: Routes = {}) {
  const calls = mockApi({
    [DETAILS_URL]: { body: details() },
    'GET /api/config': { body: { googleMapsApiKey: null, isDevelopment: false } },
    [SUBMIT_URL]: submitted,
    ...routes,
  });
  const onOpenChange = vi.fn();
  const onSuccess = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <OnboardingDialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange(next);
          setOpen(next);
        }}
        orderId={ORDER_ID}
        orderItemId={ITEM_ID}
        itemNumber={2}
        unitLabel="VH1042 · Unit 2"
        onSuccess={onSuccess}
      />
    );
  }
  const result = renderWithProviders(<Harness />);
  return { ...result, calls, onOpenChange, onSuccess };
}

export function submissions(calls: ReturnType<typeof mockApi>) {
  return calls.filter((c) => `${c.method} ${c.url}` === SUBMIT_URL).map((c) => c.body);
}

export type User = ReturnType<typeof userEvent.setup>;

/** The dialog's form once the details and the lazily loaded form are in. */
export async function form() {
  await screen.findByRole('button', { name: 'Submit' });
  return within(screen.getByRole('dialog'));
}

export function group(name: string) {
  return within(screen.getByRole('group', { name }));
}

export async function choose(
  user: User,
  label: string,
  option: string,
  scope = within(screen.getByRole('dialog')),
) {
  await user.click(scope.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  // The open list hides the rest of the dialog from the accessibility tree until it has closed.
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** Types a whole value at once (a paste), which keeps the long fill-ins fast. */
export async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

export async function fillPersonal(user: User) {
  const dialog = await form();
  await enter(user, group('Personal address').getByLabelText('Address'), '12 Oak St');
  await enter(user, group('Personal address').getByLabelText('City'), 'Austin');
  await choose(user, 'State', 'Texas', group('Personal address'));
  await enter(user, group('Personal address').getByLabelText('ZIP Code'), '78701');
  await enter(user, dialog.getByLabelText('Personal Cell Phone'), '5125550100');
}

export async function fillBusiness(user: User) {
  const dialog = await form();
  await choose(user, 'Business Type', 'Corporation');
  await enter(user, dialog.getByLabelText('Business Name'), 'Oak Homes');
  await choose(user, 'State Entity Established', 'Delaware');
  await enter(user, dialog.getByLabelText('Business Phone'), '5125550199');
  await enter(user, group('Business address').getByLabelText('Business Address'), '1 Main St');
  await enter(user, group('Business address').getByLabelText('City'), 'Dover');
  await choose(user, 'State', 'Delaware', group('Business address'));
  await enter(user, group('Business address').getByLabelText('ZIP Code'), '19901');
}

export async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}
