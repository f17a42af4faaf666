/** The key's label is shared with the server's page previews: it lives in the contract. */
export { keyLabel, spokenKeyLabel } from '@sori/contract';
