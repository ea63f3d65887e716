import type { TDb } from '../client.ts';

/** The grievance officer the privacy page names (DPDP Act 2023; migration 0034). */
export interface TGrievanceOfficer {
  name: string | null;
  email: string | null;
  phone: string | null;
  updatedAt: Date;
}

export async function findGrievanceOfficer(db: TDb): Promise<TGrievanceOfficer> {
  const row = await db
    .selectFrom('platformSettings')
    .select([
      'grievanceOfficerName as name',
      'grievanceOfficerEmail as email',
      'grievanceOfficerPhone as phone',
      'updatedAt',
    ])
    .executeTakeFirst();
  return row ?? { name: null, email: null, phone: null, updatedAt: new Date(0) };
}

export async function updateGrievanceOfficer(
  db: TDb,
  officer: { name: string; email: string; phone: string | null },
  adminId: number,
  now: Date,
): Promise<TGrievanceOfficer> {
  await db
    .insertInto('platformSettings')
    .values({
      id: true,
      grievanceOfficerName: officer.name,
      grievanceOfficerEmail: officer.email,
      grievanceOfficerPhone: officer.phone,
      updatedAt: now,
      updatedByAdminId: adminId,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        grievanceOfficerName: officer.name,
        grievanceOfficerEmail: officer.email,
        grievanceOfficerPhone: officer.phone,
        updatedAt: now,
        updatedByAdminId: adminId,
      }),
    )
    .execute();
  return findGrievanceOfficer(db);
}
