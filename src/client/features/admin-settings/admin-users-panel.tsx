/** Admin Users: the customers area provides the table and its dialogs (AdminUsersTab); wired on landing. */
import { SettingsCard } from './settings-form';

export function AdminUsersPanel() {
  return (
    <SettingsCard title="Admin Users" description="The staff who can sign in to this back office.">
      <p className="text-muted-foreground text-sm">Admin users are not available yet.</p>
    </SettingsCard>
  );
}
