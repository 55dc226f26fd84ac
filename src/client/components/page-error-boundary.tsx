import { Component, type ReactNode } from 'react';
import { Button } from './ui/button';

interface State {
  failed: boolean;
}

/**
 * What a user sees instead of a blank app when a page cannot be shown (for example its chunk is gone
 * and the one reload did not bring it back): a plain message and a way to try again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="font-semibold text-2xl tracking-tight">This page could not be loaded</h1>
        <p className="max-w-md text-muted-foreground text-sm">
          A new version may have been published while the page was open, or the connection dropped. Reloading
          usually fixes it.
        </p>
        <Button type="button" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </main>
    );
  }
}
