import { clsx } from 'clsx';
import { PackageCheckIcon } from './light/icons';

/**
 * The product's logo tile, beside the name on the sign-in screen and in the sidebars. Light (no
 * tailwind-merge, no lucide-react) because the sign-in screen's first load draws it; `className` gives
 * its size (size-10 when omitted) and any shadow.
 */
export function BrandMark({ className = 'size-10' }: { className?: string }) {
  return (
    <span
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground',
        className,
      )}
    >
      <PackageCheckIcon className="size-[55%]" />
    </span>
  );
}
