import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import rules of eslint.config.js, run on code that crosses a layer as if it sat in that layer's folder:
 * each crossing must fail `npm run lint`, and the same import from the layer allowed to make it must not.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layers, as npm run lint enforces them', () => {
  it('a route or plugin may not reach a repository or the database', async () => {
    expect(
      await restricted('apps/server/src/routes/x.routes.ts', "import * as t from '../repositories/track.repository';\nvoid t;"),
    ).toHaveLength(1);
    expect(
      await restricted(
        'apps/server/src/plugins/x.ts',
        "import type { Kysely } from 'kysely';\ntype K = Kysely<never>;\nexport type { K };",
      ),
    ).toHaveLength(1);
    expect(
      await restricted('apps/server/src/routes/x.routes.ts', "import type { Database } from '../db/schema';\nexport type { Database };"),
    ).toHaveLength(1);
    // A route calls services.
    expect(
      await restricted(
        'apps/server/src/routes/x.routes.ts',
        "import type { LibraryService } from '../services/library.service';\nexport type { LibraryService };",
      ),
    ).toEqual([]);
  });

  it('only services and repositories touch the database: not the libraries, media, search or the seed', async () => {
    for (const dir of ['lib', 'media', 'search', 'seed/demo']) {
      const depth = dir.split('/').length;
      const up = '../'.repeat(depth);
      expect(
        await restricted(`apps/server/src/${dir}/x.ts`, `import * as u from '${up}repositories/user.repository';\nvoid u;`),
      ).toHaveLength(1);
      expect(await restricted(`apps/server/src/${dir}/x.ts`, "import pg from 'pg';\nvoid pg;")).toHaveLength(1);
    }
    expect(
      await restricted('apps/server/src/services/x.service.ts', "import * as u from '../repositories/user.repository';\nvoid u;"),
    ).toEqual([]);
    expect(
      await restricted('apps/server/src/repositories/x.repository.ts', "import type { Kysely } from 'kysely';\nexport type { Kysely };"),
    ).toEqual([]);
  });

  it('the composition roots wire services but do not call repositories themselves', async () => {
    expect(await restricted('apps/server/src/cli.ts', "import * as u from './repositories/user.repository';\nvoid u;")).toHaveLength(1);
    expect(await restricted('apps/server/src/app.ts', "import { createDb } from './db/create-db';\nvoid createDb;")).toEqual([]);
  });

  it('nothing below the routes imports them, and nothing below the services calls them', async () => {
    expect(await restricted('apps/server/src/services/x.service.ts', "import { ok } from '../routes/http';\nvoid ok;")).toHaveLength(1);
    expect(
      await restricted(
        'apps/server/src/repositories/x.repository.ts',
        "import type { Viewer } from '../services/auth.service';\nexport type { Viewer };",
      ),
    ).toHaveLength(1);
    expect(
      await restricted(
        'apps/server/src/search/x.ts',
        "import type { CatalogueService } from '../services/catalogue/catalogue.service';\nexport type { CatalogueService };",
      ),
    ).toHaveLength(1);
  });

  it('the contract depends on neither app', async () => {
    expect(
      await restricted('packages/contract/src/x.ts', "import { ok } from '../../../apps/server/src/routes/http';\nvoid ok;"),
    ).toHaveLength(1);
  });

  it('the web app: components use no feature, lib/i18n/theme use neither, features do not reach into app/, nothing reaches the server', async () => {
    expect(
      await restricted('apps/web/src/components/X.tsx', "import { useSession } from '../features/auth/useSession';\nvoid useSession;"),
    ).toHaveLength(1);
    expect(await restricted('apps/web/src/components/X.tsx', "import { TopNav } from '../app/layout/TopNav';\nvoid TopNav;")).toHaveLength(
      1,
    );
    expect(await restricted('apps/web/src/lib/x.ts', "import { Icon } from '../components/Icon';\nvoid Icon;")).toHaveLength(1);
    expect(await restricted('apps/web/src/i18n/x.ts', "import { player } from '../features/player/player';\nvoid player;")).toHaveLength(1);
    expect(await restricted('apps/web/src/features/home/X.tsx', "import { App } from '../../app/App';\nvoid App;")).toHaveLength(1);
    expect(await restricted('apps/web/src/app/X.tsx', "import { config } from '../../../server/src/config';\nvoid config;")).toHaveLength(
      1,
    );
    // Downward imports are the point of the layers.
    expect(
      await restricted(
        'apps/web/src/features/home/X.tsx',
        "import { ROUTES } from '../../lib/routes';\nimport { Icon } from '../../components/Icon';\nvoid ROUTES;\nvoid Icon;",
      ),
    ).toEqual([]);
    expect(await restricted('apps/web/src/app/X.tsx', "import { player } from '../features/player/player';\nvoid player;")).toEqual([]);
  });
});
