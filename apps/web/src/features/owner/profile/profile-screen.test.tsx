import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { APP_URL, cleanToastsBeforeEach, owner, page, renderOwner } from '../test/owner-test-utils.tsx';

// The QR image is made in the browser by `qrcode`: record what it is asked to encode.
const qr = vi.hoisted(() => ({ toDataURL: vi.fn() }));
vi.mock('qrcode', () => ({ default: qr, toDataURL: qr.toDataURL }));

const PNG = 'data:image/png;base64,iVBORw0KGgoQR';

cleanToastsBeforeEach();
beforeEach(() => {
  qr.toDataURL.mockReset();
  qr.toDataURL.mockResolvedValue(PNG);
});

describe('business profile', () => {
  it('shows the business details read-only', async () => {
    await renderOwner('/dashboard/profile', {}, 'Business Profile');

    expect(await page().findByText('Asha Rao')).toBeInTheDocument();
    expect(page().getByText('Chai Point & Co.', { selector: 'dd' })).toBeInTheDocument();
    expect(page().getByText('9876543210')).toBeInTheDocument();
    expect(page().getByText('chai-point')).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'https://g.page/r/chai-point/review' })).toHaveAttribute(
      'href',
      'https://g.page/r/chai-point/review',
    );
    // Read-only: the only field on the screen is the placements' "New placement".
    expect(
      within(page().getByRole('region', { name: 'Business information' })).queryByRole('textbox'),
    ).toBeNull();
  });

  it('encodes exactly {APP_URL}/review/{code} and shows it at 256x256', async () => {
    await renderOwner('/dashboard/profile', {}, 'Business Profile');

    const image = await page().findByRole('img', { name: `QR code for ${APP_URL}/review/chai-point` });
    expect(qr.toDataURL).toHaveBeenCalledTimes(1);
    expect(qr.toDataURL.mock.calls[0]?.[0]).toBe(`${APP_URL}/review/chai-point`);
    expect(image).toHaveAttribute('src', PNG);
    expect(image).toHaveAttribute('width', '256');
    expect(image).toHaveAttribute('height', '256');
  });

  it("falls back to this window's origin when system.info fails", async () => {
    await renderOwner(
      '/dashboard/profile',
      { 'system.info': () => Promise.reject(new Error('down')) },
      'Business Profile',
    );
    await page().findByRole('img', { name: /^QR code for/ });
    expect(qr.toDataURL.mock.calls[0]?.[0]).toBe(`${window.location.origin}/review/chai-point`);
  });

  it('downloads the PNG under the name the spec gives', async () => {
    await renderOwner('/dashboard/profile', {}, 'Business Profile');

    const download = await page().findByRole('link', { name: 'Download QR Code' });
    await waitFor(() => expect(download).toHaveAttribute('href', PNG));
    expect(download).toHaveAttribute('download', 'chai_point___co_-qr-code.png');
  });

  it('prints only the A5 table card', async () => {
    let markedWhilePrinting = false;
    const print = vi.fn(() => {
      // While the dialog is open, the print stylesheet is switched to the card.
      markedWhilePrinting = document.documentElement.hasAttribute('data-print-table-card');
    });
    vi.stubGlobal('print', print);
    const app = await renderOwner('/dashboard/profile', {}, 'Business Profile');

    const card = within(await page().findByTestId('table-card'));
    expect(card.getByText('Chai Point & Co.')).toBeInTheDocument();
    expect(card.getByText('Scan to review us')).toBeInTheDocument();

    const button = page().getByRole('button', { name: 'Print table card' });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    expect(markedWhilePrinting).toBe(true);

    fireEvent(window, new Event('afterprint'));
    expect(document.documentElement).not.toHaveAttribute('data-print-table-card');
  });

  it('says "Failed to load profile" with the error, and retries', async () => {
    let fail = true;
    const app = await renderOwner(
      '/dashboard/profile',
      {
        'owner.me': () => {
          if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'Profile service is down');
          return owner({
            email: null,
            reviewLink: null,
            state: null,
            city: null,
            plan: 'essential',
            subscriptionStart: null,
            subscriptionEnd: null,
          });
        },
      },
      'Business Profile',
    );

    const alert = await page().findByRole('alert');
    expect(within(alert).getByText('Failed to load profile')).toBeInTheDocument();
    expect(within(alert).getByText('Error: Profile service is down')).toBeInTheDocument();

    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await page().findByText('Asha Rao')).toBeInTheDocument();
    expect(page().getByText('Not set')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load profile')).toBeNull();
  });
});

describe('business profile in Hindi', () => {
  it("reads in the person's chosen language, the details' actions and the table card too", async () => {
    window.localStorage.removeItem('starloopOwnerLang');
    await renderOwner(
      '/dashboard/profile',
      {
        'owner.language.get': () => ({ language: 'hi' }),
        'owner.business.get': () => ({
          ownerName: 'Asha Rao',
          businessName: 'Chai Point & Co.',
          contactNumber: '9876543210',
          code: 'chai-point',
          reviewLink: null,
          formerCodes: [{ code: 'chai', retiredAt: '2026-11-28T10:00:00.000Z', retiredBy: 'owner' }],
          googleReviewLink: null,
          googleLocationTitle: null,
        }),
      },
      'बिज़नेस प्रोफ़ाइल',
    );
    const info = within(await page().findByRole('region', { name: 'बिज़नेस की जानकारी' }));
    expect(info.getByText('मालिक का नाम')).toBeInTheDocument();
    expect(await info.findByRole('button', { name: 'जानकारी बदलें' })).toBeInTheDocument();
    expect(info.getByTestId('former-codes')).toHaveTextContent('पुराना कोड chai यहीं आता है।');
    expect(info.getByRole('link', { name: 'सपोर्ट से संपर्क करें' })).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'QR कोड डाउनलोड करें' })).toBeInTheDocument();
    expect(within(page().getByTestId('table-card')).getByText('रिव्यू देने के लिए स्कैन करें')).toBeInTheDocument();
    window.localStorage.removeItem('starloopOwnerLang');
  });
});
