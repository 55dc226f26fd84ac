import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef } from 'react';
import { BrandMark } from '../../components/brand-mark';
import { ArrowLeftIcon } from '../../components/light/icons';
import { CARD_CLASS } from '../../components/ui/variants';
import { switchTextsLocale, useTexts } from '../../lib/texts';
import { LanguageField } from '../locale/language-field';

export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTexts('auth');
  return (
    <div className="flex min-h-dvh flex-col bg-background bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_60%)]">
      {/* Top-aligned, not centred: the card keeps its place while steps of different heights swap. */}
      <main className="flex flex-1 flex-col items-center px-4 pt-10 pb-10 sm:pt-[12vh]">
        <div className="mb-8 flex items-center gap-3">
          <BrandMark className="size-11 shadow-sm" />
          <div>
            <p className="font-semibold text-xl tracking-tight">OrderFlow</p>
            <p className="text-muted-foreground text-sm">{t('layout.tagline')}</p>
          </div>
        </div>
        <div className={clsx(CARD_CLASS, 'w-full min-w-0 max-w-md')}>{children}</div>
      </main>
      <footer className="grid justify-items-center gap-3 px-4 pb-6 text-center text-muted-foreground text-xs">
        <SignInLanguage />
        <p>{t('layout.help')}</p>
      </footer>
    </div>
  );
}

/** A visitor's choice of language, kept on this browser (the sign-in screen has no signed-in user). */
function SignInLanguage() {
  const { t, locale } = useTexts('common');
  return (
    <LanguageField
      label={t('language.label')}
      locale={locale}
      onChange={(next) => void switchTextsLocale(next)}
    />
  );
}

interface StepProps {
  title: string;
  description: ReactNode;
  back?: { label: string; onClick: () => void };
  /** False for the screen's first step, where focus should stay where the browser put it. */
  focusHeading?: boolean;
  children: ReactNode;
}

/**
 * One step of the sign-in screen. Its heading takes focus when the step appears, so screen-reader and
 * keyboard users learn that the screen changed even though the URL did not.
 */
export function AuthStep({ title, description, back, focusHeading = true, children }: StepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  return (
    <div className="grid min-w-0 gap-6 p-6 sm:p-8">
      <div className="grid gap-2">
        {back && (
          <button
            type="button"
            onClick={back.onClick}
            className="-ml-1 mb-1 inline-flex w-fit items-center gap-1 rounded-md px-1 text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ArrowLeftIcon className="size-4" />
            {back.label}
          </button>
        )}
        <h1 ref={headingRef} tabIndex={-1} className="font-semibold text-2xl tracking-tight outline-none">
          {title}
        </h1>
        <p className="wrap-anywhere text-muted-foreground text-sm">{description}</p>
      </div>
      {children}
    </div>
  );
}
