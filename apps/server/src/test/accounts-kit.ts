import type { TMemberRole } from '@starloop/contract';
import { insertMembership, insertOwner, insertPerson, type TOwnerPublic } from '@starloop/db';
import { hashPassword } from '../auth/passwords.ts';
import { createTestOwner, ownerPersonId, type TTestServer } from './test-server.ts';

/** An account with several branches (its first business, its owner) and a token of that owner. */
export interface TChain {
  first: TOwnerPublic;
  branches: TOwnerPublic[];
  accountId: number;
  ownerPersonId: number;
  ownerToken: string;
}

let branchSeq = 0;
let personSeq = 0;

/** A chain: the first business made as a new customer, then `branches - 1` more of its account. */
export async function createChain(
  server: TTestServer,
  options: { branches?: number; plan?: 'essential' | 'professional'; name?: string } = {},
): Promise<TChain> {
  const plan = options.plan ?? 'professional';
  const first = await createTestOwner(server, { plan, businessName: options.name ?? 'Chai Chain' });
  const branches: TOwnerPublic[] = [first];
  for (let i = 1; i < (options.branches ?? 3); i += 1) {
    branchSeq += 1;
    branches.push(
      await insertOwner(server.deps.db, {
        accountId: first.accountId,
        name: first.name,
        businessName: `${first.businessName} branch ${branchSeq}`,
        contactNumber: first.contactNumber,
        code: `chain-branch-${branchSeq}-${Math.random().toString(36).slice(2, 7)}`,
        registrationSource: 'website',
        status: 'active',
        plan,
      }),
    );
  }
  const personId = await ownerPersonId(server, first.id);
  return {
    first,
    branches,
    accountId: first.accountId,
    ownerPersonId: personId,
    ownerToken: (await server.deps.tokens.issue('owner', personId)).token,
  };
}

/** A person in an account with a role (limited to `businessIds`, or every branch), and their token. */
export async function addMember(
  server: TTestServer,
  accountId: number,
  role: TMemberRole,
  businessIds: number[] | null = null,
): Promise<{ personId: number; phone: string; password: string; token: string }> {
  personSeq += 1;
  const phone = `7${String(Date.now() % 1000).padStart(3, '0')}${String(personSeq).padStart(6, '0')}`;
  const password = 'member-pass';
  const person = await insertPerson(server.deps.db, {
    name: `Member ${personSeq}`,
    phone,
    passwordHash: await hashPassword(password),
  });
  await insertMembership(server.deps.db, { accountId, personId: person.id, role, businessIds });
  return {
    personId: person.id,
    phone,
    password,
    token: (await server.deps.tokens.issue('owner', person.id)).token,
  };
}
