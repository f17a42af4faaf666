import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './create-db';
import * as m0001 from './migrations/2026_11_22_0001_initial';
import * as m0002s from './migrations/2026_11_23_0002_sessions';
import * as m0003 from './migrations/2026_11_23_0003_upload_limits';
import * as m0004KeyMode from './migrations/2026_11_23_0004_key_mode_confidence';
import * as m0005 from './migrations/2026_11_25_0005_licences';
import * as m0006 from './migrations/2026_11_26_0006_accounts';
import * as m0007 from './migrations/2026_11_26_0007_ingest_jobs';
import * as m0008 from './migrations/2026_11_26_0008_playlist_shares';
import * as m0009 from './migrations/2026_11_26_0009_sound_features_edits';
import * as m0010 from './migrations/2026_12_07_0010_session_devices';
import * as m0011 from './migrations/2026_12_07_0011_signin_alerts';

/**
 * Versioned migrations, run at start. Listed here (not read from the folder) so that the bundle and the
 * order are explicit; each file is frozen in time and imports nothing from the app.
 */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_initial': m0001,
  '2026_11_23_0002_sessions': m0002s,
  '2026_11_23_0003_upload_limits': m0003,
  '2026_11_23_0004_key_mode_confidence': m0004KeyMode,
  '2026_11_25_0005_licences': m0005,
  '2026_11_26_0006_accounts': m0006,
  '2026_11_26_0007_ingest_jobs': m0007,
  '2026_11_26_0008_playlist_shares': m0008,
  '2026_11_26_0009_sound_features_edits': m0009,
  '2026_12_07_0010_session_devices': m0010,
  '2026_12_07_0011_signin_alerts': m0011,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return MIGRATIONS;
  }
}

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({
    db: db.kysely,
    provider: new StaticProvider(),
    // Named explicitly: otherwise Kysely's check for its own tables sees those of other schemas in the
    // same database and skips creating them here (a race between parallel test runs showed it).
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
