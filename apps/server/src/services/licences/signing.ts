import canonicalize from 'canonicalize';
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { PublicLicence } from '@sori/contract';

/** The public key as a JWK (RFC 8037), with its id. */
export interface LicenceJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  alg: 'EdDSA';
  use: 'sig';
}

/**
 * Signs licences with Ed25519 over the RFC 8785 (JSON Canonicalization Scheme) bytes of the public licence
 * without its `signature`: anyone with the published key can check a licence offline, whatever JSON
 * library re-serialised it on the way (JCS fixes key order, number and string forms).
 */
export class LicenceSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The key's RFC 7638 JWK thumbprint (SHA-256, base64url). */
  readonly kid: string;
  readonly jwk: LicenceJwk;
  readonly publicPem: string;

  constructor(privatePem: string) {
    this.privateKey = createPrivateKey(privatePem);
    if (this.privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENCE_SIGNING_KEY must be an Ed25519 private key (PKCS#8 PEM)');
    this.publicKey = createPublicKey(this.privateKey);
    const { x } = this.publicKey.export({ format: 'jwk' }) as { x: string };
    // RFC 7638: the required members in lexicographic order, no white space.
    this.kid = createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${x}"}`).digest('base64url');
    this.jwk = { kty: 'OKP', crv: 'Ed25519', x, kid: this.kid, alg: 'EdDSA', use: 'sig' };
    this.publicPem = this.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }

  /** The signature of a licence (everything but `signature`), base64url. */
  sign(licence: Omit<PublicLicence, 'signature'>): string {
    return sign(null, signedBytes(licence), this.privateKey).toString('base64url');
  }

  verify(licence: PublicLicence): boolean {
    const { signature, ...rest } = licence;
    return verify(null, signedBytes(rest), this.publicKey, Buffer.from(signature, 'base64url'));
  }
}

/** The bytes a licence's signature covers: its JCS serialisation without `signature`, UTF-8. */
export function signedBytes(licence: Omit<PublicLicence, 'signature'> & { signature?: unknown }): Buffer {
  const { signature: _signature, ...rest } = licence;
  return Buffer.from(canonicalize(rest) ?? '', 'utf8');
}
