import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TrackedOrder } from '../../../shared/schemas/tracking.js';
import { mockApi, renderApp } from '../../test/utils';

const TOKEN = 'tR4ck1ngT0kenAbcdefghijklmnopqrstuvwxyz0123';

const CONFIG = {
  googleMapsApiKey: null,
  isDevelopment: true,
  companyName: 'Tiny Homes Co',
  brandColor: '#4f46e5',
  faqUrl: 'https://example.com/faq',
  storeUrl: 'https://example.com/store',
  membersAreaUrl: 'https://members.example.com/dashboard',
};

const TRACKED: TrackedOrder = {
  orderId: 'VH1042',
  productName: 'Cabin 400',
  deliveryDate: null,
  units: [
    {
      itemNumber: 1,
      status: 'PRODUCTION',
      label: 'Production',
      estimate: { from: '2027-01-11', to: '2027-02-20', basis: 'defaults', historyUnits: 0 },
      deliveryDate: null,
    },
    { itemNumber: 2, status: 'DELIVERED', label: 'Delivered', estimate: null, deliveryDate: null },
  ],
};

function api(answer: { status?: number; body?: unknown }) {
  return mockApi({ 'GET /api/config': { body: CONFIG }, [`GET /api/track/${TOKEN}`]: answer });
}

describe('the tracking page', () => {
  it('shows the product, each unit with its stage, timeline and window, to a visitor, and says noindex', async () => {
    api({ body: TRACKED });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Track your order' })).toBeInTheDocument();
    expect(screen.getByText('Order VH1042 · 2 × Cabin 400')).toBeInTheDocument();
    // The unit cards; each holds a timeline, itself a list.
    const [first, second] = [...screen.getByRole('list', { name: 'Units' }).children] as HTMLElement[];
    expect(within(first!).getByRole('heading', { name: 'VH1042 · Unit 1' })).toBeInTheDocument();
    expect(within(first!).getByTestId('delivery-estimate')).toHaveTextContent('Estimated delivery');
    expect(first!.querySelector('[aria-current="step"]')).toHaveTextContent('Production (current step)');
    // A delivered unit has no window left to show.
    expect(within(second!).queryByTestId('delivery-estimate')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"][content="noindex"]')).not.toBeNull();
  });

  it('shows a booked day on its own unit only; the unit without a booking keeps its window', async () => {
    const window = { from: '2027-01-11', to: '2027-02-20', basis: 'defaults' as const, historyUnits: 0 };
    api({
      body: {
        ...TRACKED,
        deliveryDate: '2027-02-25T12:00:00.000Z',
        units: [
          { itemNumber: 1, status: 'PRODUCTION', label: 'Production', estimate: window, deliveryDate: null },
          {
            itemNumber: 2,
            status: 'DELIVERY_DATE_CONFIRMED',
            label: 'Delivery Scheduled',
            estimate: window,
            deliveryDate: '2027-02-25T12:00:00.000Z',
          },
        ],
      } satisfies TrackedOrder,
    });
    renderApp(`/track/${TOKEN}`);
    const list = await screen.findByRole('list', { name: 'Units' });
    const [first, second] = [...list.children] as HTMLElement[];
    expect(within(first!).getByTestId('delivery-estimate')).toHaveTextContent('Estimated delivery');
    expect(within(first!).queryByText(/Delivery booked for/)).toBeNull();
    expect(within(second!).getByText('Delivery booked for Feb 25, 2027')).toBeInTheDocument();
    expect(within(second!).queryByTestId('delivery-estimate')).toBeNull();
    // The order's line is the span of its units' days, named as such.
    expect(screen.getByText('Delivery days of its units: Feb 25, 2027')).toBeInTheDocument();
  });

  it('tells whoever holds a replaced or unknown link that it no longer works', async () => {
    api({ status: 404, body: { message: 'This tracking link does not exist or was replaced' } });
    renderApp(`/track/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This tracking link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });
});
