import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '../../../shared/schemas/imports.js';
import { publicConfig } from '../../test/public-config';
import { makeUser, mockApi, renderApp, sessionRoute, toasts } from '../../test/utils';

const ADMIN = makeUser({ id: 1, email: 'admin@example.com', role: 'ADMIN', firstName: 'Ada' });

/** The network edge of the upload: records each request's form and lets the test answer it. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  form: FormData | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(form: FormData) {
    this.form = form;
    FakeXhr.sent.push(this);
  }
  field(name: string) {
    return this.form?.get(name);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown, statusText = '') {
    this.upload.onload?.();
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function result(overrides: Partial<ImportResult> = {}): ImportResult {
  return {
    message: 'Preview of 3 rows: 2 created, 0 updated, 0 skipped, 1 rejected. Nothing has been written yet.',
    orders: [
      {
        row: 2,
        id: null,
        orderId: 'IMP-1',
        productName: 'Studio 240',
        quantity: 1,
        status: 'ORDER_PLACED',
        email: null,
        action: 'created',
      },
    ],
    created: 2,
    updated: 0,
    skipped: 0,
    rejected: 1,
    rows: 3,
    dryRun: true,
    errors: [
      { row: 4, column: 'quantity', message: "quantity must be a whole number of at least 1 (got 'two')" },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  mockApi({ 'GET /api/auth/session': sessionRoute(ADMIN), 'GET /api/config': publicConfig() });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPage() {
  renderApp('/admin/import');
  // The first render loads the admin shell and page chunks, slow on a busy machine.
  expect(await screen.findByRole('heading', { name: 'Import Data' })).toBeInTheDocument();
}

async function chooseFile(user: ReturnType<typeof userEvent.setup>, name = 'orders.csv') {
  const file = new File(['orderId,productName\nIMP-1,Studio 240\n'], name, { type: 'text/csv' });
  await user.upload(screen.getByLabelText('Order file (.csv, .xlsx or .xls)'), file);
  return file;
}

describe('Import Data page', () => {
  it('lists the expected columns and has both options, off by default', async () => {
    await openPage();
    for (const column of ['orderId', 'productName', 'quantity', 'orderDate', 'status', 'email', 'zipCode']) {
      expect(screen.getByText(column, { selector: 'code' })).toBeInTheDocument();
    }
    expect(screen.getByRole('switch', { name: 'Update existing orders' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('switch', { name: 'Send notifications' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(
      screen.getByText('Drop a .csv, .xlsx or .xls file here, or click to choose one'),
    ).toBeInTheDocument();
  });

  it('describes each option in words, never by its API field name', async () => {
    await openPage();
    expect(screen.getByRole('switch', { name: 'Update existing orders' })).toHaveAccessibleDescription(
      'A row whose order ID is already in OrderFlow updates that order. Off: such rows are skipped.',
    );
    expect(screen.getByRole('switch', { name: 'Send notifications' })).toHaveAccessibleDescription(
      'E-mail each customer about the orders this import creates or updates for them. Off: nobody is e-mailed.',
    );
    expect(document.body.textContent).not.toMatch(/updateExisting|sendNotification/);
  });

  it("says 'File required' when Import or Preview is pressed without a file", async () => {
    const user = userEvent.setup();
    await openPage();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await toasts().findByText('File required')).toBeInTheDocument();
    expect(toasts().getByText('Please select a CSV or Excel file to import')).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('previews as a dry run of the valid rows, shows the counts and the errors, then imports the valid rows only', async () => {
    const user = userEvent.setup();
    await openPage();
    const file = await chooseFile(user);
    await user.click(screen.getByRole('switch', { name: 'Update existing orders' }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const preview = FakeXhr.sent[0];
    if (!preview) throw new Error('no upload was sent');
    expect(preview.method).toBe('POST');
    expect(preview.url).toBe('/api/admin/import');
    expect(preview.field('dryRun')).toBe('true');
    expect(preview.field('validRowsOnly')).toBe('true');
    expect(preview.field('updateExisting')).toBe('true');
    expect(preview.field('sendNotification')).toBe('false');
    expect((preview.field('file') as File).name).toBe(file.name);

    preview.progress(50, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Upload' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    preview.respond(200, result());

    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(screen.getByText('To create').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Rejected').nextSibling).toHaveTextContent('1');
    expect(
      screen.getByRole('cell', { name: "quantity must be a whole number of at least 1 (got 'two')" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download errors' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Will be created' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import valid rows only' }));
    const real = FakeXhr.sent[1];
    expect(real?.field('dryRun')).toBe('false');
    expect(real?.field('validRowsOnly')).toBe('true');
    real?.respond(
      200,
      result({ dryRun: false, message: 'Imported 3 rows: 2 created, 0 updated, 0 skipped, 1 rejected' }),
    );
    expect(await toasts().findByText('Import successful')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Import result' })).toBeInTheDocument();
    expect(screen.getByText('Created', { selector: 'dt' }).nextSibling).toHaveTextContent('2');
  });

  it("shows 'Import failed' with the server's text, and the rows at fault, when the import is refused", async () => {
    const user = userEvent.setup();
    await openPage();
    await chooseFile(user);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const sent = FakeXhr.sent[0];
    expect(sent?.field('dryRun')).toBe('false');
    expect(sent?.field('validRowsOnly')).toBe('false');
    const message =
      '1 row of 3 has errors: nothing was imported. Fix the file, or import the valid rows only.';
    sent?.respond(400, {
      ...result({ dryRun: false, created: 0, orders: [], message }),
      code: 'IMPORT_REFUSED',
    });
    expect(await toasts().findByText('Import failed')).toBeInTheDocument();
    expect(toasts().getByText(message)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Import valid rows only' })).toBeInTheDocument();
  });

  it("shows 'Import failed' with the status text when the answer has no message", async () => {
    const user = userEvent.setup();
    await openPage();
    await chooseFile(user, 'orders.xlsx');
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const sent = FakeXhr.sent[0];
    if (!sent) throw new Error('no request');
    sent.upload.onload?.();
    sent.status = 502;
    sent.statusText = 'Bad Gateway';
    sent.responseText = '';
    sent.onload?.();
    expect(await toasts().findByText('Import failed')).toBeInTheDocument();
    expect(toasts().getByText('Bad Gateway')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
  });
});
