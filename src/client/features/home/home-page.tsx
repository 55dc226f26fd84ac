import { ArrowRight, ExternalLink, LifeBuoy, Package, UserRound } from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { useExternalLinks } from '../../lib/links';
import { useSession } from '../auth/session';
import { greetingFor } from './greeting';
import { WhereThingsStand } from './where-things-stand';

const cardLinkClass =
  'group flex h-full flex-col gap-3 rounded-xl border bg-card p-6 text-card-foreground shadow-sm outline-none transition-colors hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring';

export default function HomePage() {
  const { user } = useSession();
  const { faqUrl } = useExternalLinks();
  return (
    <section className="grid gap-8">
      <header className="grid gap-1">
        <h1 className="break-words font-semibold text-2xl tracking-tight sm:text-3xl">
          {greetingFor(new Date())}, {user?.firstName || 'there'}
        </h1>
        <p className="text-muted-foreground">Here is where your orders stand and what to do next.</p>
      </header>
      <WhereThingsStand />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <li>
          <Link to="/orders" className={cardLinkClass}>
            <CardBody
              icon={Package}
              title="My Orders"
              description="Follow each unit through every stage, from order to delivery."
            />
          </Link>
        </li>
        <li>
          <Link to="/account" className={cardLinkClass}>
            <CardBody
              icon={UserRound}
              title="Account Information"
              description="Review your profile, phone number and shipping details."
            />
          </Link>
        </li>
        <li>
          <a href={faqUrl} target="_blank" rel="noopener noreferrer" className={cardLinkClass}>
            <CardBody
              icon={LifeBuoy}
              title="Help & Support"
              description="Answers to common questions about orders, documents and payment."
              external
            />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
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
