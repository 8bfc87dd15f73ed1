import { apiBlob } from './client.ts';

/**
 * Saves a file of the API (a PDF, an export) under `fileName`: fetched with the bearer token,
 * which a plain link cannot send, then handed to the browser as a download.
 */
export async function downloadApiFile(path: string, fileName: string): Promise<void> {
  const blob = await apiBlob(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
