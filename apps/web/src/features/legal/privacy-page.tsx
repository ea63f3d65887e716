import { Anchor, List, Text } from '@mantine/core';
import { ACCOUNT_CLOSURE_DAYS, INVOICE_RETENTION_YEARS, RETENTION_DEFAULTS } from '@starloop/contract';
import { Link } from '@tanstack/react-router';
import { SITE_CONTACT } from '../landing/site-info.ts';
import { GrievanceOfficer } from './grievance-officer.tsx';
import { LegalPage, type TLegalSection } from './legal-page.tsx';

export const PRIVACY_UPDATED = '1 June 2026';

const SECTIONS: readonly TLegalSection[] = [
  {
    id: 'data-collected',
    title: 'Data we collect',
    body: (
      <>
        <Text>From business owners who register:</Text>
        <List spacing={6}>
          <List.Item>
            your name, email address and phone number; your business name, business code, review link, state
            and city; the name of the sales representative who helped you;
          </List.Item>
          <List.Item>your password, stored only as a one-way hash we cannot read back;</List.Item>
          <List.Item>
            payment records (plan, amount, status and the payment partner's reference numbers). Card and bank
            details stay with our payment partner, Razorpay.
          </List.Item>
        </List>
        <Text>From customers who use a review page:</Text>
        <List spacing={6}>
          <List.Item>the star rating and any feedback text you write;</List.Item>
          <List.Item>
            a phone number or email address, only if you choose to leave one so the business can reply;
          </List.Item>
          <List.Item>
            a random device identifier kept in your browser, and your IP address, used only to prevent spam
            and abuse.
          </List.Item>
        </List>
        <Text>
          From visitors who request a demo: the name, email, phone, company and message you send us.
        </Text>
      </>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <List spacing={6}>
        <List.Item>
          to run the service: show reviews to the business they are about, draft replies, compute ratings and
          statistics;
        </List.Item>
        <List.Item>to take payments, send invoices and manage subscriptions;</List.Item>
        <List.Item>to sign you in, keep accounts secure and prevent fake or abusive reviews;</List.Item>
        <List.Item>
          to answer your questions and demo requests, and to send service emails (password links, payment
          confirmations, review alerts);
        </List.Item>
        <List.Item>to improve StarLoop, using aggregated figures that do not identify you.</List.Item>
      </List>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <Text>
        Data travels over encrypted connections (HTTPS). Passwords are hashed with a modern algorithm
        (Argon2), sessions expire and can be revoked, access inside StarLoop is limited to the staff who need
        it, and payments are handled by a PCI-DSS compliant payment partner. No system is perfectly secure; if
        a breach affecting you happens, we will tell you and the authorities as the law requires.
      </Text>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <Text>You can ask us to:</Text>
        <List spacing={6}>
          <List.Item>give you a copy of the personal data we hold about you;</List.Item>
          <List.Item>correct data that is wrong or incomplete;</List.Item>
          <List.Item>
            delete your data, unless the law requires us to keep it (for example invoices);
          </List.Item>
          <List.Item>stop sending you non-essential emails.</List.Item>
        </List>
        <Text>
          Write to <Anchor href={`mailto:${SITE_CONTACT.privacyEmail}`}>{SITE_CONTACT.privacyEmail}</Anchor>.
          We reply within 30 days, usually much sooner. These rights follow India's Digital Personal Data
          Protection Act, 2023.
        </Text>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Data sharing',
    body: (
      <>
        <Text>We do not sell personal data. We share it only:</Text>
        <List spacing={6}>
          <List.Item>
            with the business a review is about (the rating, the feedback and any contact you chose to leave);
          </List.Item>
          <List.Item>
            with service providers who work for us under contract: our payment partner (Razorpay), our hosting
            provider and our email provider;
          </List.Item>
          <List.Item>when the law, a court or a government authority requires it.</List.Item>
        </List>
        <Text>
          Public reviews you write on other sites (such as Google) are governed by those sites' own policies.
        </Text>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <Text>
        StarLoop uses no advertising or tracking cookies. Your browser's local storage keeps what the app
        needs to work: the sign-in token of your session, your phone number for the next sign-in, and on
        review pages a random device identifier that limits spam. Clearing your browser data removes them; you
        will then need to sign in again.
      </Text>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it, and changes',
    body: (
      <Text>
        We keep account data while your account is active and for 30 days after it ends, so you can export it;
        then we delete it, except records the law requires us to keep. We will announce material changes to
        this policy by email and on this page. See also our{' '}
        <Anchor component={Link} to="/terms">
          Terms of Service
        </Anchor>
        .
      </Text>
    ),
  },
  {
    id: 'closure-retention-grievances',
    title: 'Closing your account, retention periods and grievances',
    body: (
      <>
        <Text>
          An owner of a business account can close it in Settings, confirming with their password. At once,
          its review pages show a closed page and nothing more is sent for it. For {ACCOUNT_CLOSURE_DAYS} days
          the owners can still sign in and export the data; we email them 7 days and 1 day before it is
          erased, and until then we can reopen the account on request. Then we erase the businesses, their
          team, the reviews with their feedback text and the customers' contact details, the contact lists and
          the review requests. What stays: the number of reviews per month and star rating, with nothing that
          names the business or the customer; and invoices and payment records, which GST law requires us to
          keep for {INVOICE_RETENTION_YEARS} years from the end of the financial year they belong to.
        </Text>
        <Text>
          Customers' contact details (a phone number or email left with a review, and the contacts a business
          asks for reviews) are kept {RETENTION_DEFAULTS.contactRetentionDays} days, and feedback text{' '}
          {RETENTION_DEFAULTS.feedbackRetentionDays / 365} years, unless the business chooses another period
          (30 days to 10 years); after it they are deleted automatically (the star rating and its date stay).
          Security and audit logs are kept for at least one year.
        </Text>
        <GrievanceOfficer />
      </>
    ),
  },
];

/** One page, two routes: /privacy-policy and /privacy (spec section 2 gives both readings). */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro="What data StarLoop collects, why, how we protect it and the choices you have."
      sections={SECTIONS}
    />
  );
}
