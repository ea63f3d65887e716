/** Messages of 1-3 star reviews, as the load benchmarks send them (each adds a few of its own). */
export const COMPLAINTS = [
  'Waited 40 minutes for our order and the food came cold.',
  'Staff was rude when we asked for the bill.',
  'Table was not clean and the washroom had no water.',
  'Average taste, too costly for the quantity.',
  'Billing counter was slow, only one person working.',
  'Parking was a problem and nobody helped.',
  'AC was not working, very hot inside.',
  'Order was wrong twice. Please train the staff.',
];
