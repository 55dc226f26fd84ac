import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ONBOARDING_MESSAGES, ONBOARDING_TOASTS } from '../../../shared/schemas/onboarding.js';
import type { OrderItemDetailsDto } from '../../../shared/schemas/orders.js';
import { mockApi, renderWithProviders } from '../../test/utils';
import { OnboardingDialog } from './onboarding-dialog';

// Filling a long form with Radix selects in happy-dom takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const ORDER_ID = 5;
const ITEM_ID = 11;
const DETAILS_URL = `GET /api/order-items/${ITEM_ID}/details`;
const SUBMIT_URL = 'POST /api/onboarding/submit';

function details(user: Partial<NonNullable<OrderItemDetailsDto['user']>> = {}): OrderItemDetailsDto {
  const at = '2025-06-01T10:00:00.000Z';
  return {
    item: {
      id: ITEM_ID,
      orderId: ORDER_ID,
      itemNumber: 2,
      status: 'LOCATION_ENABLED',
      currentStageData: {},
      deliveryDate: null,
      statusChangedAt: at,
      createdAt: at,
      updatedAt: at,
    },
    order: {
      id: ORDER_ID,
      orderId: 'VH1042',
      userId: 7,
      productName: 'Tiny House',
      quantity: 2,
      orderDate: at,
      status: 'LOCATION_ENABLED',
      shippingAddress: null,
      zipCode: '78701',
      phoneNumber: null,
      paymentMethod: null,
      transactionId: null,
      amount: null,
      currentStageData: {},
      deliveryDate: null,
      createdAt: at,
      updatedAt: at,
    },
    user: { id: 7, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phoneNumber: null, ...user },
  };
}

const submitted = { body: { message: 'Onboarding submitted', item: details().item } };

type Routes = Parameters<typeof mockApi>[0];

function renderDialog(routes: Routes = {}) {
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
        onSuccess={onSuccess}
      />
    );
  }
  const result = renderWithProviders(<Harness />);
  return { ...result, calls, onOpenChange, onSuccess };
}

function submissions(calls: ReturnType<typeof mockApi>) {
  return calls.filter((c) => `${c.method} ${c.url}` === SUBMIT_URL).map((c) => c.body);
}

/**
 * The toast region. The open modal dialog hides the rest of the page from assistive technology
 * (aria-hidden), the toast region included, so the query has to look at hidden elements too.
 */
function toasts() {
  return within(screen.getByRole('region', { name: /notifications/i, hidden: true }));
}

type User = ReturnType<typeof userEvent.setup>;

/** The dialog's form once the details and the lazily loaded form are in. */
async function form() {
  await screen.findByRole('button', { name: 'Submit' });
  return within(screen.getByRole('dialog'));
}

function group(name: string) {
  return within(screen.getByRole('group', { name }));
}

async function choose(user: User, label: string, option: string, scope = within(screen.getByRole('dialog'))) {
  await user.click(scope.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
  // The open list hides the rest of the dialog from the accessibility tree until it has closed.
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

/** Types a whole value at once (a paste), which keeps the long fill-ins fast. */
async function enter(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function fillPersonal(user: User) {
  const dialog = await form();
  await enter(user, group('Personal address').getByLabelText('Address'), '12 Oak St');
  await enter(user, group('Personal address').getByLabelText('City'), 'Austin');
  await choose(user, 'State', 'Texas', group('Personal address'));
  await enter(user, group('Personal address').getByLabelText('ZIP Code'), '78701');
  await enter(user, dialog.getByLabelText('Personal Cell Phone'), '5125550100');
}

async function fillBusiness(user: User) {
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

async function submit(user: User) {
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('onboarding dialog: loading', () => {
  it('fills the read-only e-mail and the names from the item details', async () => {
    renderDialog();
    const dialog = await form();
    expect(dialog.getByRole('heading', { name: 'Complete Your Onboarding' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveValue('ann@example.com');
    expect(dialog.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('First Name')).toHaveValue('Ann');
    expect(dialog.getByLabelText('Last Name')).toHaveValue('Lee');
  });

  it('says the details could not be fetched, and still offers the form', async () => {
    renderDialog({ [DETAILS_URL]: { status: 500, body: { message: 'boom' } } });
    await form();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch order item details');
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });

  it('shows no error when the lookup is unauthenticated', async () => {
    renderDialog({ [DETAILS_URL]: { status: 401, body: { message: 'Not signed in' } } });
    await form();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('');
  });
});

describe('onboarding form: validation', () => {
  it('shows the personal messages under their fields and the personal toast', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog({ [DETAILS_URL]: { body: details({ firstName: null, lastName: null }) } });
    await form();

    await submit(user);

    expect(await screen.findByText(ONBOARDING_MESSAGES.firstName)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.lastName)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.address)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.phoneRequired)).toBeInTheDocument();
    const firstName = screen.getByLabelText('First Name');
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription(ONBOARDING_MESSAGES.firstName);
    expect(await toasts().findByText('Validation Error')).toBeInTheDocument();
    expect(toasts().getByText(ONBOARDING_TOASTS.personal)).toBeInTheDocument();
    expect(submissions(calls)).toHaveLength(0);
  });

  it('refuses a phone number of fewer than 10 digits', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    const dialog = await form();
    await user.type(dialog.getByLabelText('Personal Cell Phone'), '512555');

    await submit(user);

    expect(await screen.findByText(ONBOARDING_MESSAGES.phoneDigits)).toBeInTheDocument();
    expect(dialog.getByLabelText('Personal Cell Phone')).toHaveAccessibleDescription(
      ONBOARDING_MESSAGES.phoneDigits,
    );
  });

  it('shows every Business message and the business toast when the panel is empty', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog();
    await fillPersonal(user);

    await submit(user);

    expect(await screen.findByText(ONBOARDING_MESSAGES.businessName)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.businessType)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.businessPhone)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.stateEntityEstablished)).toBeInTheDocument();
    expect(screen.getByText(ONBOARDING_MESSAGES.businessAddress)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Business Type' })).toHaveAccessibleDescription(
      ONBOARDING_MESSAGES.businessType,
    );
    expect(toasts().getByText(ONBOARDING_TOASTS.business)).toBeInTheDocument();
    expect(submissions(calls)).toHaveLength(0);
  });

  it('asks for the business type when Other is chosen without one', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    await fillPersonal(user);
    await fillBusiness(user);
    await choose(user, 'Business Type', 'Other');

    await submit(user);

    expect(await screen.findByText(ONBOARDING_MESSAGES.otherBusinessType)).toBeInTheDocument();
    expect(screen.getByLabelText('Specify Business Type')).toHaveAttribute('aria-invalid', 'true');
    expect(toasts().getByText(ONBOARDING_TOASTS.otherBusinessType)).toBeInTheDocument();
  });

  it('asks for the delivery address when Yes is chosen and the address is emptied', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog();
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.clear(group('Delivery address').getByLabelText('Delivery Address'));

    await submit(user);

    expect(await screen.findByText(ONBOARDING_MESSAGES.deliveryAddress)).toBeInTheDocument();
    expect(toasts().getByText(ONBOARDING_TOASTS.delivery)).toBeInTheDocument();
    expect(submissions(calls)).toHaveLength(0);
  });

  it('shows the general message when only a detail such as the ZIP code is wrong', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await user.type(group('Personal address').getByLabelText('ZIP Code'), '9');

    await submit(user);

    expect(await screen.findByText(ONBOARDING_MESSAGES.zipCode)).toBeInTheDocument();
    expect(toasts().getByText(ONBOARDING_TOASTS.businessTrigger)).toBeInTheDocument();
  });
});

describe('onboarding form: phone inputs', () => {
  it('keeps digits only, at most 10, and shows the US format', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    const phone = (await form()).getByLabelText('Personal Cell Phone');

    await user.type(phone, 'a51-2x55');
    expect(phone).toHaveValue('51255');
    await user.type(phone, '501009999');
    expect(phone).toHaveValue('(512) 555-0100');
  });

  it('shows the Mexican format and keeps the same digits across countries', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    const dialog = await form();
    const phone = dialog.getByLabelText('Business Phone');
    await user.type(phone, '5512345678');
    expect(phone).toHaveValue('(551) 234-5678');

    await choose(user, 'Business Phone country', 'Mexico (+52)');
    expect(phone).toHaveValue('55 1234 5678');
    expect(dialog.getByRole('combobox', { name: 'Business Phone country' })).toHaveTextContent('MX +52');

    await choose(user, 'Business Phone country', 'Canada (+1)');
    expect(phone).toHaveValue('(551) 234-5678');
  });

  it('keeps the national number of a pasted international one', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    const phone = (await form()).getByLabelText('Personal Cell Phone');
    await user.click(phone);
    await user.paste('+1 (512) 555-0100');
    expect(phone).toHaveValue('(512) 555-0100');
  });
});

describe('onboarding form: delivery address', () => {
  it('is hidden on No, the default, and starts from the main address on Yes', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    await fillPersonal(user);
    expect(screen.getByRole('radio', { name: 'No' })).toBeChecked();
    expect(screen.queryByLabelText('Delivery Address')).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));

    const delivery = group('Delivery address');
    expect(delivery.getByLabelText('Delivery Address')).toHaveValue('12 Oak St');
    expect(delivery.getByLabelText('City')).toHaveValue('Austin');
    expect(delivery.getByLabelText('ZIP Code')).toHaveValue('78701');
    expect(delivery.getByRole('combobox', { name: 'State' })).toHaveTextContent('Texas');
  });

  it('stays empty with the placeholder when there is no main address yet', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog();
    await form();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));

    const field = group('Delivery address').getByLabelText('Delivery Address');
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('placeholder', 'Same as main address');
  });
});

describe('onboarding form: submission', () => {
  it('sends an Individual application with the business defaults', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog();
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    expect(screen.queryByLabelText('Business Name')).not.toBeInTheDocument();

    await submit(user);

    await waitFor(() => expect(submissions(calls)).toHaveLength(1));
    const [body] = submissions(calls) as { formData: Record<string, unknown> }[];
    expect(body).toMatchObject({ orderItemId: ITEM_ID, orderId: ORDER_ID, itemNumber: 2 });
    expect(body?.formData).toMatchObject({
      email: 'ann@example.com',
      firstName: 'Ann',
      lastName: 'Lee',
      applicationType: 'Individual',
      businessName: '',
      businessType: 'LLC',
      stateEntityEstablished: 'CA',
      businessPhone: '5125550100',
      personalPhone: '5125550100',
      personalPhoneCountry: 'United States',
      hasFinalizedDeliveryAddress: 'No',
      deliveryAddress: '',
    });
    expect(body?.formData).not.toHaveProperty('houseNumber');
    expect(body?.formData).not.toHaveProperty('streetName');
  });

  it('sends a valid Business application with its addresses gathered from the inputs', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderDialog();
    await fillPersonal(user);
    await user.type(group('Personal address').getByLabelText('Unit / Suite / Apt (optional)'), 'Apt 4');
    await fillBusiness(user);

    await submit(user);

    await waitFor(() => expect(submissions(calls)).toHaveLength(1));
    const [body] = submissions(calls) as { formData: Record<string, unknown> }[];
    expect(body).toMatchObject({ orderItemId: ITEM_ID, orderId: ORDER_ID, itemNumber: 2 });
    expect(body?.formData).toMatchObject({
      applicationType: 'Business',
      address: '12 Oak St',
      street_address: '12 Oak St',
      personalFullAddress: '12 Oak St, Austin, TX 78701',
      unitNumber: 'Apt 4',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      personalPhone: '5125550100',
      businessType: 'Corporation',
      otherBusinessType: '',
      businessName: 'Oak Homes',
      businessPhone: '5125550199',
      businessPhoneCountry: 'United States',
      stateEntityEstablished: 'DE',
      businessAddress: '1 Main St',
      businessFullAddress: '1 Main St, Dover, DE 19901',
      businessCity: 'Dover',
      businessState: 'DE',
      businessZipCode: '19901',
    });
  });

  it("shows 'Submitting...' and disables the button while the call runs", async () => {
    const user = userEvent.setup({ delay: null });
    let answer: (reply: typeof submitted) => void = () => {};
    renderDialog({ [SUBMIT_URL]: () => new Promise((resolve) => (answer = resolve)) });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));

    await submit(user);

    const button = await screen.findByRole('button', { name: 'Submitting...' });
    expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(submitted);
    expect(await screen.findByText('Onboarding Completed')).toBeInTheDocument();
  });

  it('toasts, refreshes the order, calls back and closes 2 s after showing the completion', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, onSuccess, onOpenChange, queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    // Testing Library's async helpers wait on setTimeout themselves, so from here on the test
    // clicks with fireEvent and moves the fake clock by hand; advancing by 0 runs the due work
    // (the answer, Query's batched updates) without letting any time pass.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(screen.getByText('Onboarding Completed')).toBeInTheDocument();
    expect(toasts().getByText('Onboarding Complete')).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders', 'list'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['orders', 'detail', ORDER_ID] });
    expect(submissions(calls)).toHaveLength(1);

    act(() => vi.advanceTimersByTime(1999));
    expect(onOpenChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByText('Onboarding Completed')).not.toBeInTheDocument();
  });

  it('toasts the server message and puts field messages on their fields', async () => {
    const user = userEvent.setup({ delay: null });
    renderDialog({
      [SUBMIT_URL]: {
        status: 400,
        body: { message: 'lastName: Last name is required', fields: { lastName: 'Last name is required' } },
      },
    });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));

    await submit(user);

    expect(await toasts().findByText('Failed to submit onboarding form')).toBeInTheDocument();
    expect(toasts().getByText('lastName: Last name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.queryByText('Onboarding Completed')).not.toBeInTheDocument();
  });

  it('toasts the default text when the server gives no message', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSuccess } = renderDialog({ [SUBMIT_URL]: { status: 502 } });
    await fillPersonal(user);
    await user.click(screen.getByRole('radio', { name: 'Individual' }));

    await submit(user);

    expect(await toasts().findByText('Failed to submit onboarding form')).toBeInTheDocument();
    expect(toasts().getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});

describe('onboarding dialog: dismissal', () => {
  it('is not closed by Escape before it is finished, but by its Cancel button', async () => {
    const user = userEvent.setup({ delay: null });
    const { onOpenChange } = renderDialog();
    await form();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.pointerDown(document.body);
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
