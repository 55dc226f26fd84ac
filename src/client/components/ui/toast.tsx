import * as ToastPrimitive from '@radix-ui/react-toast';
import type { VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { TOAST_DURATION_MS } from '../../../shared/constants.js';
import { cn } from '../../lib/utils';
import { useUiLabels } from './labels';
import { TOAST_VIEWPORT_CLASS, toastVariants } from './variants';

/** One toast for 5000 ms, dismissed by a 50 px swipe to the right. */
export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      {...props}
    />
  );
}

/**
 * At the top of the screen, right-aligned and at most 420 px wide from `md`; F8 moves focus to it. Never
 * at the bottom: forms and dialogs keep their Submit button there, and a validation toast must not
 * cover the button that fixes it (decision 136).
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport hotkey={['F8']} className={cn(TOAST_VIEWPORT_CLASS, className)} {...props} />
  );
}

export function Toast({
  className,
  variant,
  ...props
}: ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} {...props} />;
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('font-semibold text-sm', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('wrap-anywhere text-sm', className)} {...props} />;
}

/** A toast's one action (Undo): a small outlined button before the close cross. */
export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center self-center rounded-md border border-current/30 px-3 font-medium text-sm outline-none transition-colors hover:bg-foreground/10 focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  const labels = useUiLabels();
  return (
    <ToastPrimitive.Close
      aria-label={labels.closeNotification}
      className={cn(
        'absolute top-3 right-3 rounded-md p-1 opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring group-[.destructive]:focus-visible:ring-destructive-foreground',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
