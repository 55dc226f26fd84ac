import type { AuditEntry } from '../../../shared/schemas/audit.js';
import { useRoleNames } from '../locale/role-names';
import { useStageNames } from '../locale/stage-names';
import { changeRows, SAID_IN_SENTENCE } from './changes';

/** What an entry changed, before and after, beyond what its sentence says; nothing when that is all. */
export function AuditEntryChanges({ entry }: { entry: AuditEntry }) {
  const { stageName } = useStageNames();
  const { roleName } = useRoleNames();
  if (!entry.changes) return null;
  const rows = changeRows(entry.changes, { stageName, roleName }, SAID_IN_SENTENCE[entry.action]);
  if (rows.length === 0) return null;
  const anyBefore = rows.some((row) => row.before !== '');
  return (
    <table className="w-full text-left text-xs">
      <caption className="sr-only">Changes</caption>
      <thead className="text-muted-foreground">
        <tr>
          <th scope="col" className="py-0.5 pr-3 font-medium">
            Field
          </th>
          {anyBefore && (
            <th scope="col" className="py-0.5 pr-3 font-medium">
              Before
            </th>
          )}
          <th scope="col" className="py-0.5 font-medium">
            {anyBefore ? 'After' : 'Value'}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.field} className="align-top">
            <th scope="row" className="py-0.5 pr-3 font-normal text-muted-foreground">
              {row.field}
            </th>
            {anyBefore && (
              <td className="wrap-anywhere py-0.5 pr-3 line-through decoration-muted-foreground/60">
                {row.before}
              </td>
            )}
            <td className="wrap-anywhere py-0.5">{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
