import { ArrowRight, ExternalLink, LifeBuoy, Package, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExternalLinks } from '../../lib/links';
import { useSession } from '../auth/session';
import { partOfDay } from './greeting';
import { WhereThingsStand } from './where-things-stand';

const cardLinkClass =
  'group flex h-full flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground shadow-sm outline-none transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring';

export default function HomePage() {
  const { t } = useTranslation('home');
  const { user } = useSession();
  const part = partOfDay(new Date());
  // Without a first name the greeting is a sentence of its own ('Good morning, there'; 'Buenos días').
  const greeting = user?.firstName
    ? t(`greeting.${part}`, { name: user.firstName })
    : t(`greeting.${part}NoName`);
  const { faqUrl } = useExternalLinks();
  return (
    <section className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="break-words font-semibold text-2xl tracking-tight sm:text-3xl">{greeting}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </header>
      <WhereThingsStand />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <Link to="/orders" className={cardLinkClass}>
            <CardBody
              icon={Package}
              title={t('cards.orders.title')}
              description={t('cards.orders.description')}
            />
          </Link>
        </li>
        <li>
          <Link to="/account" className={cardLinkClass}>
            <CardBody
              icon={UserRound}
              title={t('cards.account.title')}
              description={t('cards.account.description')}
            />
          </Link>
        </li>
        <li>
          {/* The built-in help page until an admin sets an outside address (decision 266). */}
          {faqUrl ? (
            <a href={faqUrl} target="_blank" rel="noopener noreferrer" className={cardLinkClass}>
              <CardBody
                icon={LifeBuoy}
                title={t('cards.help.title')}
                description={t('cards.help.description')}
                external
              />
              <span className="sr-only">{t('opensInNewTab')}</span>
            </a>
          ) : (
            <Link to="/help" className={cardLinkClass}>
              <CardBody
                icon={LifeBuoy}
                title={t('cards.help.title')}
                description={t('cards.help.description')}
              />
            </Link>
          )}
        </li>
      </ul>
    </section>
  );
}

function CardBody({
  icon: Icon,
  title,
  description,
  external = false,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: 'true' }>;
  title: string;
  description: string;
  external?: boolean;
}) {
  const Arrow = external ? ExternalLink : ArrowRight;
  return (
    <>
      <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex items-center gap-2 font-semibold">
        {title}
        <Arrow
          aria-hidden="true"
          className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
        />
      </span>
      <span className="text-muted-foreground text-sm">{description}</span>
    </>
  );
}
