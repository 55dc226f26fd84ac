/**
 * The brand colour as the portal will draw it, in light and in dark: the same variables the page's
 * override sets (brandVariables in src/client/lib/brand-colour.ts) on the same components, so the
 * preview is what customers see, adjustments for readable text included (decision 298).
 */
import type { CSSProperties } from 'react';
import { buttonVariants } from '../../components/ui/variants';
import { brandVariables, parseHex } from '../../lib/brand-colour';
import { cn } from '../../lib/utils';

export function BrandPreview({ hex }: { hex: string }) {
  if (!parseHex(hex) || !hex.startsWith('#')) {
    return (
      <p className="text-muted-foreground text-sm">
        Enter a colour such as #4f46e5 to see it as the portal draws it.
      </p>
    );
  }
  const variables = brandVariables(hex);
  return (
    <section aria-label="Brand colour preview" className="grid gap-2 sm:grid-cols-2">
      {(
        [
          ['theme-light', 'Light', variables?.light],
          ['dark', 'Dark', variables?.dark],
        ] as const
      ).map(([themeClass, name, style]) => (
        <div
          key={themeClass}
          data-preview-theme={name.toLowerCase()}
          className={cn(themeClass, 'grid gap-2 rounded-lg border bg-background p-3 text-foreground')}
          style={style as CSSProperties | undefined}
        >
          <span className="font-medium text-xs">{name}</span>
          <div className="flex flex-wrap items-center gap-3">
            <span className={buttonVariants({ size: 'sm' })} data-preview="button">
              Button
            </span>
            <span
              className="font-medium text-primary text-sm underline underline-offset-4"
              data-preview="link"
            >
              Link
            </span>
          </div>
        </div>
      ))}
    </section>
  );
}
