/**
 * The few lines anyone runs to check a licence's signature with Node.js and nothing installed (`verify.mjs`
 * beside `licence.json` and `sori-licence-key.pem`): the verify page shows them, and docs/LICENCES.md holds
 * the same block, which a test runs against a real licence. A module of its own, so that only the verify
 * page's chunk carries it (in licence.ts it rode in the chunk every licence screen shares).
 */
export const LICENCE_VERIFY_SCRIPT = [
  "import { readFileSync } from 'node:fs';",
  "import { createPublicKey, verify } from 'node:crypto';",
  "// RFC 8785 for a licence's values (strings, whole numbers, null, arrays, objects): keys sorted, no spaces.",
  "const jcs = (v) => Array.isArray(v) ? `[${v.map(jcs)}]` : v && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${jcs(v[k])}`)}}` : JSON.stringify(v);",
  "const { signature, ...licence } = JSON.parse(readFileSync('licence.json', 'utf8'));",
  "const key = createPublicKey(readFileSync('sori-licence-key.pem'));",
  "const ok = verify(null, Buffer.from(jcs(licence)), key, Buffer.from(signature, 'base64url'));",
  "console.log(ok ? 'valid' : 'INVALID');",
].join('\n');
