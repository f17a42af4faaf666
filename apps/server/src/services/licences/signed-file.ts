import type { PublicLicence } from '@sori/contract';

/**
 * The signed licence as a file to keep beside the video's files (`SORI-….json`): the licence exactly as the
 * API answers it, signature included, indented for a reader. The verify page offers it and the certificate
 * PDF carries it attached, so that it can be checked with the published key without Sori's site
 * (docs/LICENCES.md, "Verifying a licence yourself"); white space does not matter to the signature (JCS).
 */
export function signedLicenceFile(licence: PublicLicence): { name: string; bytes: Buffer } {
  return { name: `${licence.id}.json`, bytes: Buffer.from(`${JSON.stringify(licence, null, 2)}\n`, 'utf8') };
}
