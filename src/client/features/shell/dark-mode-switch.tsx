import { Moon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Label } from '../../components/ui/label';
import { Switch } from '../../components/ui/switch';
import { useTheme } from '../../lib/theme';

export function DarkModeSwitch() {
  const { t } = useTranslation('shell');
  const { theme, setTheme } = useTheme();
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-3 rounded-md px-3 py-2">
      <Label htmlFor={id} className="flex items-center gap-3 font-medium text-sm">
        <Moon aria-hidden="true" className="size-4 text-muted-foreground" />
        {t('darkMode')}
      </Label>
      <Switch id={id} checked={theme === 'dark'} onCheckedChange={(on) => setTheme(on ? 'dark' : 'light')} />
    </div>
  );
}
