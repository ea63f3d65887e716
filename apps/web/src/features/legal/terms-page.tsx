import { Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SITE_CONTACT } from '../landing/site-info.ts';
import { LegalPage, type TLegalSection } from './legal-page.tsx';

export const TERMS_UPDATED = '1 June 2026';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <Text>
        These Terms of Service govern your use of StarLoop, including the website, the business dashboard, the
        customer review pages and the QR codes we generate for you. By creating an account or using StarLoop
        you agree to them on behalf of yourself and the business you register.
      </Text>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <Text>
        You must be at least 18 years old and able to enter into a binding contract under Indian law to use
        StarLoop. If you register on behalf of a business, you confirm that you are authorised to act for it.
      </Text>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <List spacing={6}>
        <List.Item>
          One account per business. Each branch or outlet with its own review page needs its own account.
        </List.Item>
        <List.Item>
          The details you give us (business name, phone number, email, review link) must be accurate and kept
          up to date.
        </List.Item>
        <List.Item>
          You are responsible for keeping your password safe and for everything done with your account. Tell
          us at once if you suspect someone else is using it.
        </List.Item>
      </List>
    ),
  },
  {
    id: 'fees',
    title: 'Subscription fees and billing',
    body: (
      <>
        <Text>
          Fees are billed monthly in advance, in Indian Rupees (INR), and exclude applicable taxes such as
          GST, which are added to your invoice. Your subscription period starts when your payment is
          confirmed.
        </Text>
        <Text>
          Payments are processed by our payment partner (Razorpay). We never see or store your full card or
          bank details.
        </Text>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Refunds',
    body: (
      <Text>
        Fees already paid are non-refundable. There are no refunds or credits for partial months, for unused
        time in a subscription period, or for periods in which the account was not used, except where Indian
        law requires otherwise.
      </Text>
    ),
  },
  {
    id: 'price-changes',
    title: 'Price changes',
    body: (
      <Text>
        We may change our prices. We will give you at least 30 days' notice by email before a new price
        applies to your subscription, so you can decide whether to continue.
      </Text>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <Text>You agree not to:</Text>
        <List spacing={6}>
          <List.Item>
            post, buy or invent reviews, or pay or reward customers for a particular rating;
          </List.Item>
          <List.Item>
            use StarLoop to send spam or to collect data about people without a lawful basis;
          </List.Item>
          <List.Item>
            break the rules of the review sites you link to (for example Google's review policies), or misuse
            StarLoop to mislead customers;
          </List.Item>
          <List.Item>
            attempt to disrupt, reverse-engineer or gain unauthorised access to the service.
          </List.Item>
        </List>
        <Text>We may suspend an account that breaks these rules, after telling you why where we can.</Text>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Service availability',
    body: (
      <Text>
        We aim for 99.9% uptime of the review pages and the dashboard, measured monthly, excluding announced
        maintenance. This is an aim, not a guarantee: the internet, our providers and events beyond our
        control can cause interruptions, and we will work to restore the service quickly when they do.
      </Text>
    ),
  },
  {
    id: 'termination',
    title: 'Cancellation, termination and your data',
    body: (
      <>
        <Text>
          You may stop using StarLoop at any time; your plan then ends at the end of the period you paid for.
          We may terminate accounts that break these terms.
        </Text>
        <Text>
          After termination you have a 30-day data export window in which you can ask us for an export of your
          reviews and account data. After those 30 days your data is deleted, except what the law requires us
          to keep (such as invoices).
        </Text>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <Text>
        To the extent the law allows, StarLoop is not liable for indirect or consequential losses, such as
        lost profits or lost business. Our total liability for any claim relating to the service is capped at
        the amount you paid us in the last 12 months before the claim.
      </Text>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and jurisdiction',
    body: (
      <Text>
        These terms are governed by the laws of India. The courts of Pune, Maharashtra have exclusive
        jurisdiction over any dispute arising from them or from your use of StarLoop.
      </Text>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms and contact',
    body: (
      <Text>
        We may update these terms; we will tell you by email of any change that affects you materially.
        Questions? Write to{' '}
        <Anchor href={`mailto:${SITE_CONTACT.supportEmail}`}>{SITE_CONTACT.supportEmail}</Anchor> or visit our{' '}
        <Anchor component={Link} to="/support">
          support page
        </Anchor>
        . See also our{' '}
        <Anchor component={Link} to="/privacy-policy">
          Privacy Policy
        </Anchor>
        .
      </Text>
    ),
  },
];

/** /terms: every term of spec section 2, in plain words. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      updated={TERMS_UPDATED}
      intro="The rules for using StarLoop, in plain words. Please read them before you sign up."
      sections={SECTIONS}
    />
  );
}
