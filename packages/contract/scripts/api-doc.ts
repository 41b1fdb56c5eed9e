// Regenerates the error-status table and the route listing of docs/api.md
// from the contract.
// node --import tsx scripts/api-doc.ts          rewrite the listing
// node --import tsx scripts/api-doc.ts --check  exit 1 when it is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withCurrentDocs } from '../src/route-listing';

const apiDoc = fileURLToPath(new URL('../../../docs/api.md', import.meta.url));
const current = readFileSync(apiDoc, 'utf8');
const next = withCurrentDocs(current);

if (process.argv.includes('--check')) {
  if (next !== current) {
    console.error('docs/api.md is out of date: run npm run api-doc -w packages/contract');
    process.exit(1);
  }
  console.log('docs/api.md is up to date');
} else if (next !== current) {
  writeFileSync(apiDoc, next);
  console.log('docs/api.md: route listing regenerated');
} else {
  console.log('docs/api.md: route listing unchanged');
}
