import Sqlite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The embedded database handle, for the few reads that must run synchronously (see track.repository). */
  sqlite: Sqlite.Database | null;
  /** The PostgreSQL pool, for the one hot read that uses a named prepared statement (track.repository). */
  pg: pg.Pool | null;
  /** The PostgreSQL schema in use when one is configured (tests, several apps on one database). */
  schema: string | null;
  close(): Promise<void>;
}

// PostgreSQL type ids whose default parsing differs from SQLite's: int8 (counts) → number,
// timestamptz/timestamp → ISO text, so rows look the same on both dialects.
const INT8 = 20;
const TIMESTAMPTZ = 1184;
const TIMESTAMP = 1114;

function pgTypes() {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8) return (v: string) => Number(v);
      if (oid === TIMESTAMPTZ || oid === TIMESTAMP) return (v: string) => new Date(v).toISOString();
      return pg.types.getTypeParser(oid, format);
    },
  };
}

/** Opens the configured database. Dialect choice lives here and nowhere else. */
export function createDb(config: Pick<Config, 'database'>): Db {
  if (config.database.kind === 'postgres') {
    const schema = config.database.schema;
    const pool = new pg.Pool({
      connectionString: config.database.url,
      max: 10,
      types: pgTypes(),
      // A schema of its own (tests, several apps on one database) is put first on the search path.
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', sqlite: null, pg: pool, schema, close: () => kysely.destroy() };
  }
  const sqlite = new Sqlite(config.database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 2 MB of page cache (better-sqlite3's default is 16 MB): searches read from the in-memory index and the
  // tracks' cached JSON, so SQLite's cache serves writes and wire-cache misses (rows by id: the tree's upper
  // pages fit), and the OS keeps the file's pages anyway. Counted in the server's memory budget (300 MB).
  sqlite.pragma('cache_size = -2000');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { kysely, dialect: 'sqlite', sqlite, pg: null, schema: null, close: () => kysely.destroy() };
}
