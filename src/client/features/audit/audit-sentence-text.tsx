import { Link } from 'react-router';
import type { AuditEntry } from '../../../shared/schemas/audit.js';
import { useRoleNames } from '../locale/role-names';
import { useStageNames } from '../locale/stage-names';
import { auditSentence } from './sentence';

/** An entry's sentence, its actor and target named in bold and linked while they exist. */
export function AuditSentenceText({ entry }: { entry: AuditEntry }) {
  const { stageName } = useStageNames();
  const { roleName } = useRoleNames();
  const parts = auditSentence(entry, { stageName, roleName });
  return (
    <p className="wrap-anywhere">
      {parts.map((part, index) => {
        const key = `${index}-${part.text}`;
        if (part.href)
          return (
            <Link
              key={key}
              to={part.href}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {part.text}
            </Link>
          );
        return part.strong ? (
          <span key={key} className="font-medium">
            {part.text}
          </span>
        ) : (
          <span key={key}>{part.text}</span>
        );
      })}
    </p>
  );
}
