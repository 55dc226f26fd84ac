export { type AuditActor, type AuditEntryInput, auditActor, recordAudit } from './record.js';
export { type AuditService, createAuditService } from './service.js';
