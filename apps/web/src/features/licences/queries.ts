import { useQuery } from '@tanstack/react-query';
import { apiFile, api, pathWith } from '../../lib/api-client';
import { saveBlob } from '../../lib/save-file';

export const licenceKeys = {
  one: (id: string) => ['licence', id] as const,
};

/** A licence's public record (anyone may read it); a 404 is an answer here, not a failure to retry. */
export function useLicenceQuery(id: string | null) {
  return useQuery({
    queryKey: licenceKeys.one(id ?? ''),
    queryFn: ({ signal }) => api.get('/licences/:id', { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** The licensee's cleared channels (empty for a revoked licence or a withdrawn licensee). */
export function useLicenceChannelsQuery(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...licenceKeys.one(id), 'channels'] as const,
    queryFn: ({ signal }) => api.get('/licences/:id/channels', { params: { id }, signal }),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** Saves the licence certificate (PDF, in the UI language) that only its licensee may fetch. */
export async function saveCertificate(id: string): Promise<string> {
  const fileName = `${id}.pdf`;
  saveBlob(await apiFile(pathWith('/licences/:id/certificate.pdf', { id })), fileName);
  return fileName;
}

export const verifyPath = (id: string): string => `/verify/${id}`;
