/**
 * The sign-in screen's toasts: the same store, looks and behaviour as the full app's Radix toaster
 * (one at a time at the top right, 5 s unless hovered or focused, a close button, F8 to reach them, a
 * 50 px swipe to the right dismisses), in a fraction of its code.
 */
import { clsx } from 'clsx';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS } from '../../../shared/constants.js';
import { useUiLabels } from '../ui/labels';
import { dismissToast, type ToastState, useToast } from '../ui/use-toast';
import { TOAST_VIEWPORT_CLASS, toastVariants } from '../ui/variants';
import { CircleAlertIcon, CircleCheckIcon, XIcon } from './icons';

const SWIPE_THRESHOLD_PX = 50;

export function LightToaster() {
  const { toasts } = useToast();
  const viewport = useRef<HTMLOListElement>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') viewport.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label="Notifications (F8)" tabIndex={-1}>
      <ol
        ref={viewport}
        tabIndex={-1}
        // Each toast is read out as it is added (as urgently as the Radix toaster's announcer does).
        aria-live="assertive"
        className={TOAST_VIEWPORT_CLASS}
        onPointerEnter={() => setPaused(true)}
        onPointerLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        {toasts.map((toast) => (
          <LightToast key={toast.id} toast={toast} paused={paused} />
        ))}
      </ol>
    </section>
  );
}

function LightToast({ toast, paused }: { toast: ToastState; paused: boolean }) {
  const { id, title, description, variant, open, duration = TOAST_DURATION_MS } = toast;
  const [swipe, setSwipe] = useState<{ start: number; x: number } | null>(null);
  const labels = useUiLabels();

  useEffect(() => {
    if (!open || paused) return;
    const timer = setTimeout(() => dismissToast(id), duration);
    return () => clearTimeout(timer);
  }, [id, open, paused, duration]);

  const onPointerUp = (event: PointerEvent) => {
    if (swipe && event.clientX - swipe.start > SWIPE_THRESHOLD_PX) dismissToast(id);
    setSwipe(null);
  };

  return (
    <li
      data-state={open ? 'open' : 'closed'}
      data-swipe={swipe ? 'move' : undefined}
      style={swipe ? { transform: `translateX(${Math.max(0, swipe.x - swipe.start)}px)` } : undefined}
      className={clsx(toastVariants({ variant }), 'touch-pan-y')}
      onPointerDown={(event) => setSwipe({ start: event.clientX, x: event.clientX })}
      onPointerMove={(event) => swipe && setSwipe({ ...swipe, x: event.clientX })}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setSwipe(null)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(id);
      }}
    >
      <div className="flex gap-3">
        {variant === 'success' && <CircleCheckIcon data-toast-icon className="mt-0.5 size-5" />}
        {variant === 'destructive' && <CircleAlertIcon className="mt-0.5 size-5" />}
        <div className="grid gap-1">
          <div className="font-semibold text-sm">{title}</div>
          {description && <div className="wrap-anywhere text-sm">{description}</div>}
        </div>
      </div>
      <button
        type="button"
        aria-label={labels.closeNotification}
        onClick={() => dismissToast(id)}
        className="absolute top-3 right-3 rounded-md p-1 opacity-70 outline-none transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring group-[.destructive]:focus-visible:ring-destructive-foreground"
      >
        <XIcon className="size-4" />
      </button>
    </li>
  );
}
