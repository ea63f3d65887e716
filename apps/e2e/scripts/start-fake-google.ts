// The fake Google of the browser journeys (apps/server/src/test/fake-google.ts), started by
// run-e2e.mjs: one Google user with one business location and a dozen reviews. Prints one JSON line
// (its URL and client credentials) and runs until it is sent SIGTERM.
import { startFakeGoogle } from '../../server/src/test/fake-google.ts';

const fake = await startFakeGoogle();
const account = 'accounts/9001';
const location = 'locations/9101';
fake.addUser('e2e-owner', [
  {
    name: account,
    accountName: 'Chai Point Group',
    locations: [
      { name: location, title: 'Chai Point, Pune', newReviewUri: 'https://g.page/r/chai-point-pune/review' },
    ],
  },
]);
fake.consentUser = 'e2e-owner';
const parent = `${account}/${location}`;
const day = 24 * 60 * 60 * 1000;
const reviews = [
  {
    rating: 5,
    comment: 'Best cutting chai in Koregaon Park',
    reviewer: 'Meera Joshi',
    reply: 'Thank you, Meera!',
  },
  { rating: 4, comment: 'Good bun maska, a bit crowded', reviewer: 'Arjun Patil' },
  { rating: 2, comment: 'Chai was cold and the table was sticky', reviewer: 'Rohan Kulkarni' },
  { rating: 5, comment: 'Lovely staff', reviewer: 'Fatima Shaikh' },
  { rating: 3, comment: 'Okay, nothing special', reviewer: 'Kiran Rao' },
] as const;
reviews.forEach((review, i) => {
  fake.addReview(parent, {
    id: `e2e${i}`,
    rating: review.rating,
    comment: review.comment,
    reviewer: review.reviewer,
    createTime: new Date(Date.now() - (i + 1) * day),
    ...('reply' in review ? { reply: review.reply } : {}),
  });
});
fake.addReviews(parent, 7, { start: new Date(Date.now() - 30 * day) });

process.stdout.write(
  `${JSON.stringify({ url: fake.url, clientId: fake.clientId, clientSecret: fake.clientSecret })}\n`,
);
const stop = () => {
  fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
