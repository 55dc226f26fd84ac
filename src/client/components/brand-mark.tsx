import { PackageCheck } from 'lucide-react';
import { cn } from '../lib/utils';

/** The product's logo tile, beside the name on the sign-in screen and in the sidebars. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary text-primary-foreground',
        className,
      )}
    >
      <PackageCheck aria-hidden="true" className="size-[55%]" />
    </span>
  );
}
