import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useInBrowser } from '../lib/in-browser';
import { cn } from '../lib/utils';
import { Input } from './ui/input';

/** Typing settles this long before a debounced search is run. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search field with its magnifier. It reports the trimmed text through `onSearch`: at once, or
 * with `debounced`, once typing pauses for SEARCH_DEBOUNCE_MS (and only when it differs from
 * `value`). `value` is the search in force; when it changes from outside (Back, Clear) the box
 * shows it. The label is read by screen readers, and shown above the box with `showLabel`.
 */
export function SearchBox({
  label,
  placeholder,
  value,
  onSearch,
  debounced = false,
  showLabel = false,
  maxLength,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
  debounced?: boolean;
  showLabel?: boolean;
  maxLength?: number;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const id = useId();
  // The latest callback, so a re-render of the page does not restart the pause.
  const search = useRef(onSearch);
  search.current = onSearch;
  const trimmed = text.trim();

  // The search changed by itself (Back, Clear): show it.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  useEffect(() => {
    if (!debounced || trimmed === value) return;
    const timer = setTimeout(() => search.current(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [debounced, trimmed, value]);

  const inBrowser = useInBrowser();
  const change = (next: string) => {
    setText(next);
    if (!debounced) onSearch(next.trim());
  };

  const box = (
    <>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        value={text}
        maxLength={maxLength}
        onChange={(event) => change(event.target.value)}
        // Searching needs the app: on a first screen the server drew (decision 300) the box waits for
        // it, rather than take typing the app's first render would then drop.
        disabled={!inBrowser}
        className="pl-9"
      />
    </>
  );

  if (showLabel) {
    return (
      <div className={cn('grid gap-2', className)}>
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        <div className="relative">{box}</div>
      </div>
    );
  }
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {box}
    </div>
  );
}
