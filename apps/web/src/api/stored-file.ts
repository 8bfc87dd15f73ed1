import { queryOptions } from '@tanstack/react-query';
import { apiBlob } from './client.ts';

/**
 * A stored file (a copy, a photo) as a Blob, to show or open from an object URL. The key is the
 * file's id: a replaced file is a new one, so a file once fetched never changes.
 */
export const storedFileQuery = (fileId: string) =>
  queryOptions({
    queryKey: ['files', fileId],
    queryFn: ({ signal }) => apiBlob(`/files/${fileId}`, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
