import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageItems, showingText } from './pager';

describe('Pager', () => {
  it('says which rows the page shows', () => {
    expect(showingText(1, 10, 0, { one: 'order', other: 'orders' })).toBe('Showing 0 to 0 of 0 orders');
    expect(showingText(2, 10, 12, { one: 'order', other: 'orders' })).toBe('Showing 11 to 12 of 12 orders');
    expect(showingText(1, 10, 1, { one: 'order', other: 'orders' })).toBe('Showing 1 to 1 of 1 order');
    expect(showingText(4001, 25, 100_010, { one: 'order', other: 'orders' })).toBe(
      'Showing 100,001 to 100,010 of 100,010 orders',
    );
  });

  it('numbers the first, the last and the pages around the current one, in seven slots', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(1, 4001)).toEqual([1, 2, 3, 4, 5, 'gap', 4001]);
    expect(pageItems(4, 4001)).toEqual([1, 2, 3, 4, 5, 'gap', 4001]);
    expect(pageItems(5, 4001)).toEqual([1, 'gap', 4, 5, 6, 'gap', 4001]);
    expect(pageItems(3997, 4001)).toEqual([1, 'gap', 3996, 3997, 3998, 'gap', 4001]);
    expect(pageItems(3998, 4001)).toEqual([1, 'gap', 3997, 3998, 3999, 4000, 4001]);
  });

  it('is named after its noun, and steps back and forth within the pages', () => {
    const onPageChange = vi.fn();
    render(
      <Pager
        page={1}
        pageSize={10}
        total={12}
        noun={{ one: 'customer', other: 'customers' }}
        onPageChange={onPageChange}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'customers pages' });
    expect(within(nav).getByText('Showing 1 to 10 of 12 customers')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('takes its own name and text, and can hide its buttons on a single page', () => {
    render(
      <Pager
        page={1}
        pageSize={20}
        total={4}
        noun={{ one: 'event', other: 'events' }}
        onPageChange={() => {}}
        label="Log pages"
        summary="Showing 4 event(s)"
        buttonsWhenOnePage={false}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Log pages' });
    expect(within(nav).getByText('Showing 4 event(s)')).toBeInTheDocument();
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows no text when told, and a spinner while busy', () => {
    render(
      <Pager
        page={1}
        pageSize={10}
        total={0}
        noun={{ one: 'order', other: 'orders' }}
        onPageChange={() => {}}
        summary={null}
        busy
      />,
    );
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
