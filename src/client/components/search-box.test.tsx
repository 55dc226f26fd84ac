import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box';

describe('SearchBox', () => {
  it('reports the trimmed text at once unless debounced', () => {
    const onSearch = vi.fn();
    render(<SearchBox label="Search orders" placeholder="Order ID" value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    expect(box).toHaveAttribute('placeholder', 'Order ID');
    fireEvent.change(box, { target: { value: ' cabin ' } });
    expect(onSearch).toHaveBeenLastCalledWith('cabin');
    expect(box).toHaveValue(' cabin ');
  });

  it('when debounced, reports once typing pauses, and only a new search', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const onSearch = vi.fn();
    render(<SearchBox label="Search customers" placeholder="" value="rita" onSearch={onSearch} debounced />);
    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    fireEvent.change(box, { target: { value: 'rit' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    fireEvent.change(box, { target: { value: 'rita ' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'ritz' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ritz');
  });

  it('shows a search changed from outside, and can show its label', () => {
    const { rerender } = render(
      <SearchBox label="Search logs" placeholder="" value="a" onSearch={() => {}} debounced showLabel />,
    );
    expect(screen.getByText('Search logs')).not.toHaveClass('sr-only');
    rerender(
      <SearchBox label="Search logs" placeholder="" value="b" onSearch={() => {}} debounced showLabel />,
    );
    expect(screen.getByRole('searchbox', { name: 'Search logs' })).toHaveValue('b');
  });
});
