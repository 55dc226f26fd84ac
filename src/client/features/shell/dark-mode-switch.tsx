import { Moon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { useTheme } from '../../lib/theme';

/**
 * The spec's Dark Mode switch. Until it is used the page follows the device's colour scheme, and says
 * so; once used, the choice is kept and "Use device setting" goes back to following it (decision 297).
 */
export function DarkModeSwitch() {
  const { t } = useTranslation('shell');
  const { theme, choice, setTheme } = useTheme();
  const id = useId();
  return (
    <div className="grid gap-1 rounded-md px-3 py-2">
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={id} className="flex items-center gap-3 font-medium text-sm">
          <Moon aria-hidden="true" className="size-4 text-muted-foreground" />
          {t('darkMode')}
        </Label>
        <Switch
          id={id}
          aria-describedby={`${id}-source`}
          checked={theme === 'dark'}
          onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')}
        />
      </div>
      <p id={`${id}-source`} className="pl-7 text-muted-foreground text-xs">
        {choice === 'system' ? (
          t('theme.followingDevice')
        ) : (
          <>
            {t('theme.chosen')}{' '}
            <button
              type="button"
              onClick={() => setTheme('system')}
              className="rounded-sm font-medium text-foreground underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t('theme.useDevice')}
            </button>
          </>
        )}
      </p>
    </div>
  );
}
