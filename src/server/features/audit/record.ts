import type { FastifyRequest } from 'fastify';
import type { AuditAction } from '../../../shared/schemas/audit.js';
import type { Executor } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';

/** Who did it and from where: the signed-in staff member of the request. */
export interface AuditActor {
  id: number;
  email: string;
  ip?: string | null;
}

export interface AuditEntryInput {
  actor: AuditActor;
  action: AuditAction;
  target: { type: string; id?: string | number | null };
  changes?: Record<string, unknown>;
}

/**
 * Writes one entry with the executor of the change it records, so that it commits with the change
 * and a failed or rolled-back change leaves none.
 */
export async function recordAudit(tx: Executor, entry: AuditEntryInput): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id == null ? null : String(entry.target.id),
    changes: entry.changes ?? null,
    ip: entry.actor.ip ?? null,
  });
}

/** The actor of a staff route: the request's user (already authorised) and its client address. */
export function auditActor(request: FastifyRequest): AuditActor {
  const user = request.user;
  if (!user) throw new Error('auditActor needs a signed-in user: call it behind guardStaffRoutes');
  return { id: user.id, email: user.email, ip: request.ip };
}
