/** POST /api/admin/import over XMLHttpRequest, for its upload progress. */
import { importRoutes } from '../../../shared/routes/imports.js';
import type { ImportForm, ImportOptions, ImportResult } from '../../../shared/schemas/imports.js';
import { routeUrl } from '../../lib/call-api';

/** The form's file and options, and the two flags the button pressed decides. */
export type ImportRequest = ImportForm & Pick<ImportOptions, 'dryRun' | 'validRowsOnly'>;

export type ImportProgress = { phase: 'uploading'; percent: number } | { phase: 'processing' };

export interface ImportAnswer {
  status: number;
  statusText: string;
  /** The import's answer (200, or 400 with the row errors), when the body is one. */
  result?: ImportResult;
  /** The server's message, or the body text, or the status text. */
  message: string;
  /** The error code of a refused import (`IMPORT_REFUSED`: the rows at fault are in `result`). */
  code?: string;
}

function isResult(value: unknown): value is ImportResult {
  return Boolean(value && typeof value === 'object' && 'created' in value && 'errors' in value);
}

/**
 * Sends the options first and the file last, so the server can import the file as it streams in. The
 * upload's progress is the import's progress too for a CSV (the server reads it as it writes); after
 * the last byte the server finishes the rows and commits.
 */
export function sendImport(
  request: ImportRequest,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportAnswer> {
  const form = new FormData();
  form.append('updateExisting', String(request.updateExisting));
  form.append('sendNotification', String(request.sendNotification));
  form.append('dryRun', String(request.dryRun));
  form.append('validRowsOnly', String(request.validRowsOnly));
  form.append('file', request.file, request.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(importRoutes.run.method, routeUrl(importRoutes.run.path));
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress({ phase: 'uploading', percent: Math.round((event.loaded / event.total) * 100) });
      }
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const error: { message?: unknown; code?: unknown } = body && typeof body === 'object' ? body : {};
      const serverMessage = typeof error.message === 'string' ? error.message : undefined;
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        result: isResult(body) ? body : undefined,
        message: serverMessage ?? (xhr.responseText || xhr.statusText || `Error ${xhr.status}`),
        ...(xhr.status >= 400 && typeof error.code === 'string' && { code: error.code }),
      });
    };
    xhr.onerror = () => reject(new Error('The upload failed: check your connection and try again'));
    xhr.send(form);
  });
}
