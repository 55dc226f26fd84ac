import * as Dialog from '@radix-ui/react-dialog';
import { Menu, PackageCheck, X } from 'lucide-react';
import { type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/ui/skeleton';
import { useBrandColour, useCompanyName } from '../../lib/brand-colour';
import { type NavItem, Sidebar } from './sidebar';

interface AppShellProps {
  portalName: string;
  items: readonly NavItem[];
  /** Rendered in the sidebar under the links; a function so the mobile copy can close the menu. */
  sidebarSection?: (close: () => void) => ReactNode;
}

/**
 * The signed-in layout of both portals: a fixed 18 rem (72 units) sidebar from 768 px up; below it, a
 * top bar whose button opens the same sidebar as a slide-in dialog, which traps focus while open.
 */
export function AppShell({ portalName, items, sidebarSection }: AppShellProps) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const companyName = useCompanyName();
  useBrandColour();
  const close = () => setMenuOpen(false);
  return (
    <div className="min-h-dvh bg-background">
      {/* The first stop of the Tab key, so keyboard users need not walk through the whole navigation. */}
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-background"
      >
        {t('skipToContent')}
      </a>
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-72 border-r md:block">
        <Sidebar portalName={portalName} items={items}>
          {sidebarSection?.(() => {})}
        </Sidebar>
      </aside>

      <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:hidden">
          <Dialog.Trigger
            aria-label={t('openMenu')}
            className="-ml-2 flex size-10 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Menu aria-hidden="true" className="size-5" />
          </Dialog.Trigger>
          <PackageCheck aria-hidden="true" className="size-5 text-primary" />
          <span className="truncate font-semibold">{companyName}</span>
          <span className="shrink-0 text-muted-foreground text-sm">{portalName}</span>
        </header>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r shadow-xl outline-none data-[state=closed]:animate-slide-out-left data-[state=open]:animate-slide-in-left md:hidden"
          >
            <Dialog.Title className="sr-only">{t('menu')}</Dialog.Title>
            <Sidebar portalName={portalName} items={items} onNavigate={close}>
              {sidebarSection?.(close)}
            </Sidebar>
            <Dialog.Close
              aria-label={t('closeMenu')}
              className="absolute top-5 right-3 flex size-9 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <main id="main-content" tabIndex={-1} className="outline-none md:pl-72">
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
