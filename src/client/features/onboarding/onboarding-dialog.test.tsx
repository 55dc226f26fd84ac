import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ONBOARDING_MESSAGES, ONBOARDING_TOASTS } from '../../../shared/schemas/onboarding.js';
import {
  choose,
  DETAILS_URL,
  details,
  fillBusiness,
  fillPersonal,
  form,
  group,
  ITEM_ID,
  ORDER_ID,
  renderDialog,
  SUBMIT_URL,
  submissions,
  submit,
  submitted,
} from '../../test/onboarding';
import { toasts } from '../../test/utils';

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

  it('starts from the phone and shipping address the account holds, which the customer can change', async () => {
    const withAccount = details({ phoneNumber: '+1 512 555 0100' });
    withAccount.order.shippingAddress = {
      street: '12 Oak St',
      city: 'Austin',
      state: 'Texas',
      zipCode: '78701',
    };
    const { calls } = renderDialog({ [DETAILS_URL]: { body: withAccount } });
    const dialog = await form();
    expect(dialog.getByLabelText('Personal Cell Phone')).toHaveValue('(512) 555-0100');
    const address = group('Personal address');
    expect(address.getByLabelText('Address')).toHaveValue('12 Oak St');
    expect(address.getByLabelText('City')).toHaveValue('Austin');
    expect(address.getByLabelText('ZIP Code')).toHaveValue('78701');

    const user = userEvent.setup({ delay: null });
    await user.clear(dialog.getByLabelText('First Name'));
    await user.type(dialog.getByLabelText('First Name'), 'Anna');
    await user.click(screen.getByRole('radio', { name: 'Individual' }));
    await submit(user);
    await waitFor(() => expect(submissions(calls)).toHaveLength(1));
    const sent = submissions(calls)[0] as { formData: Record<string, string> };
    expect(sent.formData).toMatchObject({
      firstName: 'Anna',
      lastName: 'Lee',
      personalPhone: '5125550100',
      state: 'TX',
      personalFullAddress: '12 Oak St, Austin, TX 78701',
    });
  });

  it('brings back saved onboarding answers instead of the account’s', async () => {
    const saved = details({ phoneNumber: '5125550100' });
    saved.order.shippingAddress = '1 Elm St, Dallas, TX 75201';
    saved.item.currentStageData = { onboardingData: { firstName: 'Annie', personalPhone: '2145550199' } };
    renderDialog({ [DETAILS_URL]: { body: saved } });
    const dialog = await form();
    expect(dialog.getByLabelText('First Name')).toHaveValue('Annie');
    expect(dialog.getByLabelText('Personal Cell Phone')).toHaveValue('(214) 555-0199');
    expect(group('Personal address').getByLabelText('Address')).toHaveValue('');
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
    const businessType = screen.getByRole('combobox', { name: 'Business Type' });
    expect(businessType).toHaveAccessibleDescription(ONBOARDING_MESSAGES.businessType);
    // The first field with a message on screen takes the focus.
    await waitFor(() => expect(businessType).toHaveFocus());
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
