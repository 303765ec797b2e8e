import Database from 'better-sqlite3';
import { inject } from 'vitest';

export interface CampaignFields {
  title: string;
  description?: string;
  is_active?: boolean;
  enable_sign_tab?: boolean;
  enable_letter_tab?: boolean;
  enable_share_tab?: boolean;
  require_confirmation?: boolean;
  show_recent_supporters?: boolean;
  language?: 'en' | 'es';
  position_options?: 'none' | 'support_oppose' | 'support_oppose_neutral';
  position_labels?: { support?: string; oppose?: string; neutral?: string };
  show_position_counts?: boolean;
}

/**
 * The Dais server's SQLite file, opened beside the running server (WAL allows it): tests read what
 * a user's action stored, and add the odd campaign the demo data lacks before a page loads it.
 * `dbPath`: another server's file (the admin tests start their own); default the run's server.
 */
export function openDaisDatabase(dbPath: string = inject('dais').dbPath) {
  const db = new Database(dbPath, { timeout: 10_000 });
  const bool = (v: boolean | undefined, fallback: boolean) => ((v ?? fallback) ? 1 : 0);
  return {
    campaign(id: number) {
      return db.prepare('SELECT id, title, supporter_count, letter_count FROM campaigns WHERE id = ?').get(id) as
        | { id: number; title: string; supporter_count: number; letter_count: number }
        | undefined;
    },
    supporters(email: string) {
      return db.prepare('SELECT * FROM supporters WHERE email = ?').all(email.toLowerCase()) as Record<string, unknown>[];
    },
    letters(email: string) {
      return db.prepare('SELECT * FROM letters WHERE supporter_email = ?').all(email.toLowerCase()) as Record<string, unknown>[];
    },
    messagePoints(campaignId: number) {
      return db.prepare('SELECT id, category, is_locked, is_active FROM message_points WHERE campaign_id = ?').all(campaignId) as {
        id: number;
        category: string;
        is_locked: number;
        is_active: number;
      }[];
    },
    /** A campaign with the spec's defaults for everything not given; returns its id. */
    insertCampaign(c: CampaignFields): number {
      const result = db
        .prepare(
          'INSERT INTO campaigns (title, description, is_active, enable_sign_tab, enable_letter_tab, enable_share_tab, require_confirmation, show_recent_supporters, language, ' +
            'position_options, position_labels, show_position_counts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(
          c.title,
          c.description ?? 'A campaign made by the end-to-end tests for one particular state of the widget.',
          bool(c.is_active, true),
          bool(c.enable_sign_tab, true),
          bool(c.enable_letter_tab, true),
          bool(c.enable_share_tab, true),
          bool(c.require_confirmation, false),
          bool(c.show_recent_supporters, false),
          c.language ?? 'en',
          c.position_options ?? 'none',
          JSON.stringify(c.position_labels ?? {}),
          bool(c.show_position_counts, false),
        );
      return Number(result.lastInsertRowid);
    },
    close: () => db.close(),
  };
}

export type DaisDatabase = ReturnType<typeof openDaisDatabase>;
