import type { SignatureCreateInput } from '../contract';
import type { Database } from '../db/data-source';

/**
 * Records one signature and keeps the campaign's supporter_count exact, in one short transaction.
 * A repeat signature (same campaign, same e-mail after trim and lower-case) inserts nothing and
 * counts nothing; the caller cannot tell it apart from a first one, by design.
 *
 * "Was a row inserted?" is read from the statement's affected-row count, the one signal both
 * drivers report truthfully: InsertResult.identifiers is not, because on SQLite TypeORM fills it
 * from better-sqlite3's lastInsertRowid, which after an ignored insert still holds the id of the
 * previous insert on the connection (possibly another campaign's supporter).
 */
export async function signPetition(
  db: Database,
  campaignId: number,
  input: SignatureCreateInput,
): Promise<{ supporter_count: number }> {
  return db.transaction(async (m) => {
    const [insertSql, insertParams] = m
      .createQueryBuilder()
      .insert()
      .into(db.entities.Supporter)
      .values({
        campaign_id: campaignId,
        name: input.name,
        email: input.email.toLowerCase(),
        comment: input.comment,
        is_public: input.is_public,
        street_address: input.street_address,
        city: input.city,
        state: input.state,
        zip_code: input.zip_code,
        phone_number: input.phone_number,
      })
      // ON CONFLICT DO NOTHING on both dialects: only the unique (campaign_id, email) index is
      // forgiven; a NOT NULL or foreign-key failure still raises, unlike SQLite's INSERT OR IGNORE.
      .orIgnore()
      // Skips the follow-up SELECT TypeORM runs on SQLite to read back generated columns.
      .updateEntity(false)
      .getQueryAndParameters();
    const inserted = await m.queryRunner!.query(insertSql, insertParams, true);

    if (inserted.affected === 1) {
      await m
        .createQueryBuilder()
        .update(db.entities.Campaign)
        // updated_at means "last edited by an admin"; a signature is not an edit, so it keeps its value.
        .set({ supporter_count: () => 'supporter_count + 1', updated_at: () => 'updated_at' })
        .where('id = :id', { id: campaignId })
        .execute();
    }

    const campaign = await m
      .getRepository(db.entities.Campaign)
      .findOneOrFail({ select: { id: true, supporter_count: true }, where: { id: campaignId } });
    return { supporter_count: campaign.supporter_count };
  });
}
