/**
 * The orders list's Views menu: apply a saved view, save the current list as one, and rename or
 * delete them in Manage views.
 */
import { Bookmark, Check, Pencil, Settings2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { TextField } from '../../components/ui/text-field';
import { errorMessage } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/notify';
import {
  SAVED_VIEWS_MAX,
  type SavedView,
  type SavedViews,
  VIEW_NAME_MAX_LENGTH,
  viewNameError,
} from './saved-views';

interface ViewsMenuProps {
  saved: SavedViews;
  /** The current list's parameters as a view keeps them. */
  currentParams: string;
  onApply: (view: SavedView) => void;
  className?: string;
}

export function ViewsMenu({ saved, currentParams, onApply, className }: ViewsMenuProps) {
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const active = saved.views.find((view) => view.params === currentParams);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className={className}>
            <Bookmark aria-hidden="true" />
            Views
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-56">
          <DropdownMenuLabel>Saved views</DropdownMenuLabel>
          {saved.views.length === 0 && (
            <p className="px-2 py-1.5 text-muted-foreground text-sm">No saved views yet.</p>
          )}
          {saved.views.map((view) => (
            <DropdownMenuItem key={view.id} onSelect={() => onApply(view)}>
              <Check aria-hidden="true" className={view === active ? undefined : 'invisible'} />
              <span className="truncate">{view.name}</span>
              {view === active && <span className="sr-only"> (shown now)</span>}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem
            disabled={saved.views.length >= SAVED_VIEWS_MAX}
            onSelect={() => setDialog('save')}
          >
            <Pencil aria-hidden="true" />
            Save current view…
          </DropdownMenuItem>
          {saved.views.length > 0 && (
            <DropdownMenuItem onSelect={() => setDialog('manage')}>
              <Settings2 aria-hidden="true" />
              Manage views…
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <Dialog open={dialog === 'save'} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent>
          {dialog === 'save' && (
            <SaveViewForm saved={saved} params={currentParams} close={() => setDialog(null)} />
          )}
        </DialogContent>
      </Dialog>
      <Dialog open={dialog === 'manage'} onOpenChange={(open) => !open && setDialog(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Manage views</DialogTitle>
            <DialogDescription>
              Rename or delete your saved views. They are kept with your account; only you see them.
            </DialogDescription>
          </DialogHeader>
          {saved.views.length === 0 ? (
            <p className="text-muted-foreground text-sm">No saved views left.</p>
          ) : (
            <ul className="grid gap-3">
              {saved.views.map((view) => (
                <ManagedView key={view.id} view={view} saved={saved} />
              ))}
            </ul>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function SaveViewForm({ saved, params, close }: { saved: SavedViews; params: string; close: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const problem = viewNameError(name, saved.views);
    if (problem) {
      setError(problem);
      return;
    }
    setSaving(true);
    try {
      await saved.save(name, params);
      toastSuccess(`View “${name.trim()}” saved`);
      close();
    } catch (failure) {
      setError(errorMessage(failure) ?? 'The view could not be saved');
      setSaving(false);
    }
  }
  return (
    <form onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Save current view</DialogTitle>
        <DialogDescription>
          Keeps the search, filters, sort and rows per page, as a tab over the list.
        </DialogDescription>
      </DialogHeader>
      <TextField
        label="View name"
        value={name}
        maxLength={VIEW_NAME_MAX_LENGTH}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
        autoFocus
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          Save view
        </Button>
      </DialogFooter>
    </form>
  );
}

function ManagedView({ view, saved }: { view: SavedView; saved: SavedViews }) {
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  async function rename(event: React.FormEvent) {
    event.preventDefault();
    const problem = viewNameError(name, saved.views, view.id);
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await saved.rename(view.id, name);
      toastSuccess('View renamed');
    } catch (failure) {
      setError(errorMessage(failure) ?? 'The view could not be renamed');
    }
  }
  return (
    <li>
      <form onSubmit={rename} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField
          label={`Name of view ${view.name}`}
          value={name}
          maxLength={VIEW_NAME_MAX_LENGTH}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" variant="outline" disabled={name.trim() === view.name}>
          Rename
        </Button>
        <Button
          type="button"
          variant="ghost"
          aria-label={`Delete view ${view.name}`}
          onClick={async () => {
            try {
              await saved.remove(view.id);
              toastSuccess(`View “${view.name}” deleted`);
            } catch (failure) {
              toastError('The view could not be deleted', failure);
            }
          }}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </form>
    </li>
  );
}
