import { REGISTRATION_PLANS, type TPlanKey } from '@starloop/contract';
import {
  findAdminByEmail,
  insertAdmin,
  insertAgent,
  insertLead,
  insertManualPayment,
  insertOwner,
  insertPayment,
  insertReview,
  recordActivity,
  type TDb,
} from '@starloop/db';
import { hashPassword } from '../auth/passwords.ts';

export const DEMO_ADMIN = { email: 'admin@starloop.local', password: 'admin1234', name: 'Demo Admin' };
export const DEMO_OWNER_PASSWORD = 'demo1234';

/** Small deterministic PRNG so every demo database looks the same. */
function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MESSAGES: Record<number, string[]> = {
  5: [
    'Excellent service, will come again!',
    'Khana bahut accha tha',
    'Loved the ambience and the staff.',
    'Best in town!',
    '',
  ],
  4: ['Good food, slightly slow service.', 'Nice place, friendly people.', 'Accha experience tha', ''],
  3: ['Average experience.', 'Theek thaak tha, kuch khaas nahi.', 'Okay, but a bit pricey.'],
  2: ['Food was great but we waited an hour.', 'Service bekar thi', 'Not clean enough.'],
  1: ['Very bad experience, rude staff.', 'Bahut bura laga, paisa barbaad.', 'Order was wrong and cold.'],
};

const OWNERS: {
  name: string;
  businessName: string;
  contactNumber: string;
  code: string;
  plan: TPlanKey;
  city: string;
  state: string;
  reviews: number;
  manual?: boolean;
}[] = [
  {
    name: 'Asha Kulkarni',
    businessName: 'Chai Point Pune',
    contactNumber: '9800000001',
    code: 'chai-point-pune',
    plan: 'professional',
    city: 'Pune',
    state: 'Maharashtra',
    reviews: 160,
  },
  {
    name: 'Ravi Menon',
    businessName: 'Spice Garden',
    contactNumber: '9800000002',
    code: 'spice-garden',
    plan: 'essential',
    city: 'Kochi',
    state: 'Kerala',
    reviews: 90,
  },
  {
    name: 'Neha Sharma',
    businessName: 'Glow Salon & Spa',
    contactNumber: '9800000003',
    code: 'glow-salon',
    plan: 'professional',
    city: 'Jaipur',
    state: 'Rajasthan',
    reviews: 60,
    manual: true,
  },
  {
    name: 'Imran Qureshi',
    businessName: 'FitZone Gym',
    contactNumber: '9800000004',
    code: 'fitzone-gym',
    plan: 'essential',
    city: 'Lucknow',
    state: 'Uttar Pradesh',
    reviews: 25,
  },
];

const DAY = 24 * 60 * 60 * 1000;

export async function seedDemo(db: TDb, now: Date = new Date()): Promise<string> {
  if (await findAdminByEmail(db, DEMO_ADMIN.email)) {
    return `The demo data is already there.\n${signIns()}`;
  }
  const random = mulberry32(2026);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const [adminHash, ownerHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_OWNER_PASSWORD),
  ]);

  await db.transaction().execute(async (trx) => {
    const admin = await insertAdmin(trx, {
      name: DEMO_ADMIN.name,
      email: DEMO_ADMIN.email,
      passwordHash: adminHash,
      role: 'super_admin',
    });
    const agents = [];
    for (const [i, agent] of [
      ['Vikram Rao', 'vikram.rao@starloop.local', '9812345601'],
      ['Pooja Iyer', 'pooja.iyer@starloop.local', '9812345602'],
      ['Sandeep Gill', 'sandeep.gill@starloop.local', '9812345603'],
    ].entries()) {
      const [name, email, phone] = agent as [string, string, string];
      agents.push(
        await insertAgent(trx, {
          code: `AG${1001 + i}`,
          name,
          email,
          phone,
          status: i === 2 ? 'inactive' : 'active',
        }),
      );
    }

    for (const [index, spec] of OWNERS.entries()) {
      const joined = new Date(now.getTime() - (330 - index * 40) * DAY);
      const subscriptionEnd = new Date(now.getTime() + (spec.manual ? 365 : 20) * DAY);
      const owner = await insertOwner(trx, {
        name: spec.name,
        email: `${spec.code}@example.in`,
        businessName: spec.businessName,
        contactNumber: spec.contactNumber,
        code: spec.code,
        reviewLink: `https://search.google.com/local/writereview?placeid=demo-${spec.code}`,
        state: spec.state,
        city: spec.city,
        salesRepName: index % 2 === 0 ? agents[0]!.name : 'Direct',
        agentId: index % 2 === 0 ? agents[0]!.id : null,
        plan: spec.plan,
        status: 'active',
        passwordHash: ownerHash,
        registrationSource: spec.manual ? 'manual' : 'website',
        subscriptionStart: joined,
        subscriptionEnd,
        createdAt: joined,
      });
      if (spec.manual) {
        await insertManualPayment(
          trx,
          {
            amount: 24000,
            paymentMethod: 'bank_transfer',
            notes: 'Annual plan, launch discount',
            email: owner.email,
            createdByAdminId: admin.id,
          },
          [owner.id],
        );
      } else {
        const plan = REGISTRATION_PLANS.find((p) => p.key === spec.plan)!;
        for (let month = 0; month < 3; month++) {
          const paidAt = new Date(joined.getTime() + month * 30 * DAY);
          await insertPayment(trx, {
            ownerId: owner.id,
            plan: spec.plan,
            purpose: month === 0 ? 'registration' : 'renewal',
            provider: 'test',
            amount: plan.amount,
            status: 'captured',
            paymentMethod: pick(['upi', 'card', 'netbanking']),
            razorpayOrderId: `order_demo_${owner.id}_${month}`,
            razorpayPaymentId: `pay_demo_${owner.id}_${month}`,
            razorpaySignature: `demo_signature_${owner.id}_${month}_0123456789abcdef`,
            periodStart: paidAt,
            periodEnd: new Date(paidAt.getTime() + 30 * DAY),
            capturedAt: paidAt,
            createdAt: paidAt,
          });
        }
      }
      for (let r = 0; r < spec.reviews; r++) {
        const roll = random();
        const rating = roll < 0.45 ? 5 : roll < 0.7 ? 4 : roll < 0.82 ? 3 : roll < 0.92 ? 2 : 1;
        const ageDays = Math.floor(random() * Math.min(330 - index * 40, 360));
        await insertReview(trx, {
          ownerId: owner.id,
          rating,
          message: pick(MESSAGES[rating]!),
          createdAt: new Date(now.getTime() - ageDays * DAY - Math.floor(random() * DAY)),
        });
      }
      await recordActivity(trx, {
        type: 'user',
        message: `${spec.businessName} joined StarLoop`,
        code: spec.code,
        ownerId: owner.id,
      });
    }

    const subjects = ['demo', 'pricing', 'implementation', 'features', 'partnership'];
    const statuses = ['new', 'new', 'contacted', 'converted', 'closed'] as const;
    const sources = ['website', 'organic', 'paid', 'referral', 'other'] as const;
    for (let i = 0; i < 12; i++) {
      await insertLead(trx, {
        name: pick(['Karan Mehta', 'Sneha Patil', 'Arjun Nair', 'Divya Reddy', 'Farhan Ali', 'Meera Joshi']),
        email: `lead${i + 1}@example.in`,
        contactNumber: `97000000${String(i + 10).padStart(2, '0')}`,
        bussiness: pick(['Cafe Mocha', 'Urban Threads', 'Sharma Sweets', 'City Dental', 'Green Leaf Hotel']),
        subject: pick(subjects),
        message: 'We would like to know how StarLoop can help us get more Google reviews.',
        source: sources[i % sources.length]!,
        status: statuses[i % statuses.length]!,
        createdAt: new Date(now.getTime() - i * 4 * DAY),
      });
    }
  });
  return `Demo data created: 4 owners with reviews over the past year, payments, 3 agents and 12 leads.\n${signIns()}`;
}

function signIns(): string {
  return [
    'Demo sign-ins:',
    `  Admin  /admin-login  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    ...OWNERS.map(
      (o) =>
        `  Owner  /login        ${o.contactNumber} / ${DEMO_OWNER_PASSWORD}  (${o.businessName}, ${o.plan}, review page /review/${o.code})`,
    ),
  ].join('\n');
}
