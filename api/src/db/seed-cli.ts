/** `npm run seed -w api`: adds the demo data to the configured database (DATABASE_URL). */
import { loadConfig } from '../config';
import { prepareOutbox } from '../mail/outbox';
import { openDatabase } from './open';
import { seedDemoData } from './seed';

const config = loadConfig();
const db = await openDatabase(config.database);
prepareOutbox(db, config.mail);
await seedDemoData(db);
await db.ds.destroy();
console.log('[dais] demo data added');
