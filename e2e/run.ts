/**
 * Entry of the browser tests, started by scripts/e2e.mjs (which builds the app when needed and starts the
 * server). Writes the summary as JSON to E2E_RESULT_FILE for the runner.
 */
import { writeFileSync } from 'node:fs';
import { runAll } from './harness';
import './specs/navigation.spec';
import './specs/auth.spec';
import './specs/settings.spec';
import './specs/pages.spec';
import './specs/search.spec';
import './specs/player.spec';
import './specs/actions.spec';
import './specs/playlists.spec';
import './specs/upload.spec';
import './specs/analysis.spec';
import './specs/visual.spec';
import './specs/visual-data.spec';
import './specs/budget.spec';
import './specs/walkthrough.spec';

const summary = await runAll(process.env.E2E_FILTER || undefined);
if (process.env.E2E_RESULT_FILE) writeFileSync(process.env.E2E_RESULT_FILE, JSON.stringify(summary));
process.exitCode = summary.failed > 0 ? 1 : 0;
