import { LevelSchema } from '@sori/contract';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { setUserLevel } from './repositories/user.repository';

/**
 * Operator commands: `npm run sori -- <command> …`. They use the same configuration (DATA_DIR,
 * DATABASE_URL) as the server.
 */
const USAGE = `Usage: npm run sori -- <command>

Commands:
  user:level <email> <level>   Set a user's level (1 free, 5 premium/family; downloads need 5)
  help                         Show this help`;

async function userLevel(args: string[]): Promise<number> {
  const [email, levelRaw] = args;
  const level = LevelSchema.safeParse(Number(levelRaw));
  if (!email || !levelRaw || !/^\d+$/u.test(levelRaw) || !level.success) {
    console.error('user:level needs an e-mail and a whole-number level from 1 to 99.\n\n' + USAGE);
    return 2;
  }
  const db = createDb(loadConfig());
  try {
    await migrateToLatest(db);
    const row = await setUserLevel(db.kysely, email, level.data);
    if (!row) {
      console.error(`No user with the e-mail ${email}.`);
      return 1;
    }
    console.log(`${row.email} is now level ${row.level}.`);
    return 0;
  } finally {
    await db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  switch (command) {
    case 'user:level':
      return userLevel(args);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    default:
      console.error(`Unknown command: ${command}\n\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
