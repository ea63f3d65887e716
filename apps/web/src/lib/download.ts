import { restError } from './api-errors.ts';

/**
 * A file from the API saved in the browser: fetched with the bearer token (a plain link cannot
 * carry it), then saved from a blob URL under the server's file name (Content-Disposition), else
 * `fallbackName`. A refusal throws the server's error. Answers the file name.
 */
export async function downloadFile(url: string, token: string | null, fallbackName: string): Promise<string> {
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await restError(response);
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }
  return filename;
}
