import { generateKeyPairSync, randomBytes } from 'node:crypto';

/** Keys every instance of a scaled site shares (a generated key would live in one machine's DATA_DIR). */
export function sharedKeys(): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    LICENCE_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
