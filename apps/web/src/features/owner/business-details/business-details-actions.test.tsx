import { BUSINESS_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, owner, page, renderOwner } from '../test/owner-test-utils.tsx';
import { BUSINESS_DETAILS_TEXT as T } from './business-details-texts.ts';

const qr = vi.hoisted(() => ({ toDataURL: vi.fn() }));
vi.mock('qrcode', () => ({ default: qr, toDataURL: qr.toDataURL }));

cleanToastsBeforeEach();
beforeEach(() => {
  qr.toDataURL.mockReset();
  qr.toDataURL.mockResolvedValue('data:image/png;base64,QR');
});

function business(overrides: Record<string, unknown> = {}) {
  return {
    ownerName: 'Asha Rao',
    businessName: 'Chai Point & Co.',
    contactNumber: '9876543210',
    code: 'chai-point',
    reviewLink: 'https://g.page/r/chai-point/review',
    formerCodes: [],
    googleReviewLink: null,
    googleLocationTitle: null,
    ...overrides,
  };
}

/** A server that keeps what is saved, so owner.me and owner.business.get answer the new values. */
function businessServer(start = business()) {
  let current = start;
  return {
    'owner.me': () =>
      owner({ businessName: current.businessName, contactNumber: current.contactNumber, code: current.code }),
    'owner.business.get': () => current,
    'owner.business.update': (input: unknown) => {
      current = { ...current, ...(input as object) };
      return { success: true, message: BUSINESS_TEXTS.saved, business: current };
    },
    'owner.business.changeCode': (input: unknown) => {
      const { code } = input as { code: string };
      current = {
        ...current,
        code,
        formerCodes: [{ code: current.code, retiredAt: '2026-11-28T10:00:00.000Z', retiredBy: 'owner' }],
      } as typeof current;
      return { success: true, message: BUSINESS_TEXTS.codeChanged, business: current };
    },
  };
}

const dialog = () => within(screen.getByRole('dialog'));

describe('the owner edits the business details', () => {
  it('saves the name, number and review link, checking them first', async () => {
    const app = await renderOwner('/dashboard/profile', businessServer(), 'Business Profile');
    await app.user.click(await page().findByRole('button', { name: T.edit }));
    const name = dialog().getByRole('textbox', { name: T.businessName });
    const phone = dialog().getByRole('textbox', { name: T.contactNumber });
    const link = dialog().getByRole('textbox', { name: T.reviewLink });
    // Where to find the Google link is explained.
    expect(dialog().getByText(/Ask for reviews/)).toBeInTheDocument();

    await app.user.clear(phone);
    await app.user.type(phone, '12345');
    await app.user.clear(link);
    await app.user.type(link, 'https://www.google.com/search?q=chai');
    await app.user.click(dialog().getByRole('button', { name: T.save }));
    expect(dialog().getByText(BUSINESS_TEXTS.contactNumberInvalid)).toBeInTheDocument();
    expect(dialog().getByText(BUSINESS_TEXTS.reviewLinkNotReviewForm)).toBeInTheDocument();
    expect(app.server.callsTo('owner.business.update')).toHaveLength(0);

    await app.user.clear(name);
    await app.user.type(name, 'Chai Point Indiranagar');
    await app.user.clear(phone);
    await app.user.type(phone, '+91 98450 12345');
    await app.user.clear(link);
    await app.user.type(link, 'https://search.google.com/local/writereview?placeid=ChIJabc');
    await app.user.click(dialog().getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.server.callsTo('owner.business.update').map((c) => c.input)).toEqual([
      {
        businessName: 'Chai Point Indiranagar',
        contactNumber: '+91 98450 12345',
        reviewLink: 'https://search.google.com/local/writereview?placeid=ChIJabc',
      },
    ]);
    expect(await screen.findByText(BUSINESS_TEXTS.saved)).toBeInTheDocument();
    // The profile reads the owner again.
    expect(await page().findByText('Chai Point Indiranagar', { selector: 'dd' })).toBeInTheDocument();
  });

  it("offers the connected Google location's review link", async () => {
    const app = await renderOwner(
      '/dashboard/profile',
      businessServer(
        business({
          reviewLink: null,
          googleReviewLink: 'https://g.page/r/CGoogle/review',
          googleLocationTitle: 'Chai Point, MG Road',
        }),
      ),
      'Business Profile',
    );
    await app.user.click(await page().findByRole('button', { name: T.edit }));
    expect(dialog().getByText(T.googleLinkFrom('Chai Point, MG Road'))).toBeInTheDocument();
    await app.user.click(dialog().getByRole('button', { name: T.useGoogleLink }));
    expect(dialog().getByRole('textbox', { name: T.reviewLink })).toHaveValue(
      'https://g.page/r/CGoogle/review',
    );
  });

  it('shows a refusal of the server under its field', async () => {
    const app = await renderOwner(
      '/dashboard/profile',
      {
        ...businessServer(),
        'owner.business.update': failsWith('BAD_REQUEST', 'Name not allowed', 'businessName'),
      },
      'Business Profile',
    );
    await app.user.click(await page().findByRole('button', { name: T.edit }));
    await app.user.click(dialog().getByRole('button', { name: T.save }));
    expect(await dialog().findByText('Name not allowed')).toBeInTheDocument();
  });

  it('a manager sees who may change the details, and no buttons', async () => {
    await renderOwner(
      '/dashboard/profile',
      { 'owner.business.get': failsWith('FORBIDDEN', 'Forbidden') },
      'Business Profile',
    );
    expect(await page().findByText(T.ownersOnly)).toBeInTheDocument();
    expect(page().queryByRole('button', { name: T.edit })).toBeNull();
  });
});

describe('the owner changes the business code', () => {
  it('warns first, needs the warning understood, then moves the code and shows the old one forwarding', async () => {
    const app = await renderOwner('/dashboard/profile', businessServer(), 'Business Profile');
    await app.user.click(await page().findByRole('button', { name: T.changeCode }));
    const code = dialog().getByRole('textbox', { name: T.newCode });
    await app.user.type(code, 'chai-point-mg-road');
    // The warning says what breaks and what does not, with both addresses.
    expect(dialog().getByText(/moves to \/review\/chai-point-mg-road/)).toBeInTheDocument();
    expect(dialog().getByText(/\/review\/chai-point keep working/)).toBeInTheDocument();

    await app.user.click(dialog().getByRole('button', { name: T.confirmCode }));
    expect(dialog().getByText(BUSINESS_TEXTS.confirmRequired)).toBeInTheDocument();
    expect(app.server.callsTo('owner.business.changeCode')).toHaveLength(0);

    await app.user.click(dialog().getByRole('checkbox', { name: T.understand }));
    await app.user.click(dialog().getByRole('button', { name: T.confirmCode }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(app.server.callsTo('owner.business.changeCode').map((c) => c.input)).toEqual([
      { code: 'chai-point-mg-road', confirm: true },
    ]);
    expect(await screen.findByText(BUSINESS_TEXTS.codeChanged)).toBeInTheDocument();
    expect(await page().findByTestId('former-codes')).toHaveTextContent(T.formerCodes(['chai-point']));
    expect(await page().findByText('chai-point-mg-road')).toBeInTheDocument();
  });

  it('says a taken code under the field', async () => {
    const app = await renderOwner(
      '/dashboard/profile',
      {
        ...businessServer(),
        'owner.business.changeCode': failsWith('CONFLICT', BUSINESS_TEXTS.codeTaken, 'code'),
      },
      'Business Profile',
    );
    await app.user.click(await page().findByRole('button', { name: T.changeCode }));
    await app.user.type(dialog().getByRole('textbox', { name: T.newCode }), 'someone-else');
    await app.user.click(dialog().getByRole('checkbox', { name: T.understand }));
    await app.user.click(dialog().getByRole('button', { name: T.confirmCode }));
    expect(await dialog().findByText(BUSINESS_TEXTS.codeTaken)).toBeInTheDocument();
  });
});
