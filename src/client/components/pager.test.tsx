import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager, showingText } from './pager';

describe('Pager', () => {
  it('says which rows the page shows', () => {
    expect(showingText(1, 10, 0, 'orders')).toBe('Showing 0 to 0 of 0 orders');
    expect(showingText(2, 10, 12, 'orders')).toBe('Showing 11 to 12 of 12 orders');
  });

  it('is named after its noun, and steps back and forth within the pages', () => {
    const onPageChange = vi.fn();
    render(<Pager page={1} pageSize={10} total={12} noun="customers" onPageChange={onPageChange} />);
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
        noun="events"
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
      <Pager page={1} pageSize={10} total={0} noun="orders" onPageChange={() => {}} summary={null} busy />,
    );
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
