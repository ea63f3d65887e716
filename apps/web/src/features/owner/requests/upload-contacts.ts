import type { TImportPreview } from '@starloop/contract';
import { restErrorOf } from '../../../lib/api-errors.ts';
import { getToken } from '../../../lib/auth.ts';

/** Where a contacts file goes (the REST route: a file is sent as itself, not inside JSON). */
export const IMPORT_URL = '/api/requests/contacts/import';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Uploads a CSV or .xlsx file for its preview, reporting the upload's progress (0 to 1): fetch
 * cannot report an upload's progress, XMLHttpRequest can.
 */
export function uploadContactsFile(
  file: File,
  options: { consentForAll: boolean; consentSource?: string },
  onProgress: (share: number) => void,
): Promise<TImportPreview> {
  const params = new URLSearchParams({ fileName: file.name });
  if (options.consentForAll) params.set('consent', 'yes');
  if (options.consentSource) params.set('consentSource', options.consentSource);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${IMPORT_URL}?${params.toString()}`);
    const token = getToken('owner');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const xlsx = /\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE;
    xhr.setRequestHeader('content-type', xlsx ? XLSX_TYPE : 'text/csv');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const preview = JSON.parse(xhr.responseText) as TImportPreview;
          onProgress(1);
          resolve(preview);
          return;
        } catch {
          // An ok status without JSON (a proxy's page): told like any failed answer.
        }
      }
      reject(restErrorOf(xhr.status, xhr.responseText));
    };
    xhr.send(file);
  });
}
