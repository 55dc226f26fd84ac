import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './ui/tabs';

export interface PageTab {
  value: string;
  label: string;
  Panel: ComponentType;
}

/**
 * A page of tabs under a heading. The open tab is kept in the address (?tab=…, left out for the
 * first tab), so a reload or a shared link opens the same one.
 */
export function TabbedPage({
  title,
  description,
  tabs,
}: {
  title: string;
  description: string;
  tabs: readonly [PageTab, ...PageTab[]];
}) {
  const [params, setParams] = useSearchParams();
  const first = tabs[0].value;
  const current = tabs.find((tab) => tab.value === params.get('tab'))?.value ?? first;

  return (
    <section className="grid min-w-0 gap-6">
      <header className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight sm:text-3xl">{title}</h1>
        <p className="text-muted-foreground">{description}</p>
      </header>
      <Tabs
        value={current}
        onValueChange={(value) =>
          setParams(value === first ? {} : { tab: value }, { replace: true, preventScrollReset: true })
        }
      >
        <TabsList aria-label={`${title} sections`} className="h-auto flex-wrap justify-start">
          {tabs.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="min-w-0">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
