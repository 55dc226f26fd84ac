/**
 * Help (`/help`): the questions and answers staff keep in Settings → Help, in the reader's language,
 * with a search box (decision 266). Help & Support opens it until an admin sets an outside address.
 */
import { LifeBuoy, Mail } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../components/search-box';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useLocale } from '../locale/use-locale';
import { useHelp } from './api';
import { matchesHelp } from './search';

export default function HelpPage() {
  const { t } = useTranslation('help');
  const { locale } = useLocale();
  const help = useHelp(locale);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string[]>([]);
  const items = help.data?.items ?? [];
  const shown = items.filter((item) => matchesHelp(item, query));

  return (
    <section className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="flex items-center gap-2 font-semibold text-2xl tracking-tight sm:text-3xl">
          <LifeBuoy aria-hidden="true" className="size-7 shrink-0 text-primary" />
          {t('title')}
        </h1>
        <p className="text-muted-foreground">{t('intro')}</p>
      </header>

      <SearchBox
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={query}
        onSearch={setQuery}
        showLabel
      />

      {help.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : help.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 rounded-xl border bg-card p-6">
          <p>{t('loadFailed')}</p>
          <Button variant="outline" onClick={() => help.refetch()}>
            {t('tryAgain')}
          </Button>
        </div>
      ) : (
        <>
          {/* Said to screen readers as the results change. */}
          <p role="status" className="text-muted-foreground text-sm">
            {query ? t('results', { count: shown.length, query }) : t('count', { count: items.length })}
          </p>
          {shown.length > 0 && (
            <Accordion
              type="multiple"
              // While searching, every match is open, so the answer is read where it was found.
              value={query ? shown.map((item) => item.id) : open}
              onValueChange={setOpen}
              className="rounded-xl border bg-card px-4 sm:px-6"
            >
              {shown.map((item) => (
                <AccordionItem key={item.id} value={item.id} id={`help-${item.id}`}>
                  <AccordionTrigger className="text-base">{item.question}</AccordionTrigger>
                  <AccordionContent>
                    <p className="whitespace-pre-line text-muted-foreground">{item.answer}</p>
                  </AccordionContent>
                </AccordionItem>
              ))}
            </Accordion>
          )}
        </>
      )}

      <aside className="grid gap-1 rounded-xl border border-dashed p-4 text-sm sm:p-6">
        <h2 className="font-semibold text-base">{t('more.title')}</h2>
        <p className="text-muted-foreground">{t('more.orders')}</p>
        {help.data?.contactEmail && (
          <p className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
            <Mail aria-hidden="true" className="size-4" />
            {t('more.write')}{' '}
            <a
              className="font-medium text-primary underline underline-offset-4"
              href={`mailto:${help.data.contactEmail}`}
            >
              {help.data.contactEmail}
            </a>
          </p>
        )}
      </aside>
    </section>
  );
}
