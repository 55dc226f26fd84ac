import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '../../../shared/schemas/audit.js';
import { STAGE_LABELS, STAGES, type Stage } from '../../../shared/stages.js';
import { changeRows, SAID_IN_SENTENCE } from './changes';
import { actionLabel, auditSentence } from './sentence';

const NAMES: Record<Stage, string> = {
  ...STAGE_LABELS,
  FINANCING_PAYMENT: 'Payment',
  SITE_PREP: 'Site Preparation',
  PRODUCTION: 'Production',
  DELIVERED: 'Delivered',
};
const ROLES: Record<string, string> = {
  ADMIN: 'Admin',
  OPERATIONS: 'Operations',
  SUPPORT: 'Support',
  VIEWER: 'Viewer',
};
const words = { stageName: (stage: Stage) => NAMES[stage], roleName: (role: string) => ROLES[role] ?? role };

function entry(action: string, more: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    at: '2026-05-01T10:00:00.000Z',
    actor: { id: 1, email: 'ana@example.com', name: 'Ana' },
    action,
    target: { type: 'order', id: '12', name: 'VH1002', link: { to: 'order', id: '12' } },
    ip: '127.0.0.1',
    ...more,
  };
}
const text = (e: AuditEntry) =>
  auditSentence(e, words)
    .map((p) => p.text)
    .join('');

/** Changes each action records (as the server writes them), enough for its sentence. */
const CHANGES: Record<string, Record<string, unknown>> = {
  'order.status_changed': { status: 'SITE_PREP', itemNumber: 2, from: 'FINANCING_PAYMENT' },
  'orders.bulk_status_changed': { status: 'DELIVERED', orderIds: [3, 4, 5] },
  'orders.bulk_deleted': { orders: [{ id: 3, orderId: 'VH3' }] },
  'orders.imported': { rows: 120, created: 100, updated: 20 },
  'user.created': { email: 'new@example.com', role: 'SUPPORT' },
  'user.invited': { email: 'new@example.com', role: 'VIEWER' },
  'user.role_changed': { role: { from: 'SUPPORT', to: 'OPERATIONS' } },
  'api_key.created': { name: 'Website' },
  'api_key.revoked': { name: 'Website' },
  'delivery_slot.published': { date: '2026-06-01', capacity: 3 },
  'delivery_slot.removed': { date: '2026-06-01', capacity: 3 },
  'order_item.document_added': { orderId: 12, title: 'Site plan', uploadId: 'u1' },
};

describe('an audit entry as a sentence', () => {
  it('names the actor, the unit and both stages of a move, and links the order', () => {
    const parts = auditSentence(
      entry('order.status_changed', { changes: CHANGES['order.status_changed'] }),
      words,
    );
    expect(parts.map((p) => p.text).join('')).toBe(
      'Ana moved VH1002 · Unit 2 from Payment to Site Preparation',
    );
    expect(parts.find((p) => p.text === 'VH1002 · Unit 2')?.href).toBe('/admin/orders/12');
  });

  it('reads every action the log records as a sentence with no code in it', () => {
    for (const action of AUDIT_ACTIONS) {
      const sentence = text(entry(action, { changes: CHANGES[action] }));
      expect(sentence, action).toMatch(/^Ana[ ’]/);
      expect(sentence, action).not.toContain(action);
      expect(sentence, action).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[A-Z]{2,}_[A-Z_]+\b|undefined|null/);
      expect(actionLabel(action), action).not.toContain('_');
    }
  });

  it('says who was invited and as what, and links a staff member to the staff list, a customer to the customers', () => {
    const invited = entry('user.invited', {
      changes: CHANGES['user.invited'],
      target: { type: 'user', id: '7', name: 'new@example.com', link: { to: 'staff', id: '7' } },
    });
    const parts = auditSentence(invited, words);
    expect(parts.map((p) => p.text).join('')).toBe('Ana invited new@example.com as Viewer');
    expect(parts.find((p) => p.text === 'new@example.com')?.href).toBe('/admin/settings?tab=users');
    const reset = entry('user.password_reset_sent', {
      target: { type: 'user', id: '8', name: 'Joe Doe', link: { to: 'customer', id: 'joe@example.com' } },
    });
    expect(auditSentence(reset, words).find((p) => p.text === 'Joe Doe')?.href).toBe(
      '/admin/customers?q=joe%40example.com',
    );
    expect(
      text(entry('user.role_changed', { changes: CHANGES['user.role_changed'], target: reset.target })),
    ).toBe('Ana changed the role of Joe Doe from Support to Operations');
  });

  it('falls back to the e-mail for an actor with no name, and names what is gone without a link', () => {
    const gone = entry('order.deleted', {
      actor: { id: 2, email: 'ops@example.com', name: null },
      target: { type: 'order', id: '12', name: 'VH1002' },
    });
    const parts = auditSentence(gone, words);
    expect(parts.map((p) => p.text).join('')).toBe('ops@example.com deleted VH1002');
    expect(parts.some((p) => p.href)).toBe(false);
  });

  it('reads an action it does not know from its name, with its target', () => {
    expect(text(entry('orders.bulk_job_finished'))).toBe(
      'Ana recorded “orders: bulk job finished” on VH1002',
    );
    expect(actionLabel('orders.bulk_job_finished')).toBe('Orders: bulk job finished');
  });
});

describe('an entry’s changes, before and after', () => {
  it('puts a recorded change’s two sides side by side, roles and stages by name, secrets as changed', () => {
    expect(
      changeRows(
        {
          email: { from: 'a@example.com', to: 'b@example.com' },
          password: '(changed)',
          role: { from: 'SUPPORT', to: 'VIEWER' },
        },
        words,
      ),
    ).toEqual([
      { field: 'E-mail', before: 'a@example.com', after: 'b@example.com' },
      { field: 'Password', before: '', after: 'changed (not shown)' },
      { field: 'Role', before: 'Support', after: 'Viewer' },
    ]);
  });

  it('names a filter’s stages, leaves out what the sentence says, and spells out unknown keys', () => {
    expect(changeRows({ filters: { status: ['PRODUCTION', 'DELIVERED'], q: 'cabin' } }, words)).toEqual([
      { field: 'Filter', before: '', after: 'Stage: Production, Delivered; Search: cabin' },
    ]);
    expect(
      changeRows(CHANGES['order.status_changed'] ?? {}, words, SAID_IN_SENTENCE['order.status_changed']),
    ).toEqual([]);
    expect(changeRows({ webflowSiteId: { to: 'site-42' }, applicant: { phone: '(hidden)' } }, words)).toEqual(
      [
        { field: 'Webflow site id', before: '', after: 'site-42' },
        { field: 'Applicant', before: '', after: 'Phone: hidden' },
      ],
    );
  });

  it('never shows a stage code', () => {
    for (const stage of STAGES) {
      const [row] = changeRows({ status: stage }, words);
      expect(row?.after).not.toBe(stage);
    }
  });
});
