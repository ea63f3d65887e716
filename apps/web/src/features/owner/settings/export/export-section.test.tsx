import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failsWith } from '../../../../test/fake-trpc.ts';
import { cleanToastsBeforeEach, page, renderOwner } from '../../test/owner-test-utils.tsx';
import { EXPORT_TEXT } from './export-section.tsx';

cleanToastsBeforeEach();
afterEach(() => vi.restoreAllMocks());

const account = (role: 'owner' | 'manager') => ({
  account: { id: 1, name: 'Chai Point', plan: 'professional', createdAt: '2026-01-01T00:00:00.000Z' },
  role,
  currentBusinessId: 1,
  branches: [],
});
const exportRow = (status: 'running' | 'ready' | 'failed', progress: number) => ({
  id: 5,
  status,
  progress,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: status === 'running' ? null : '2026-12-05T10:00:00.000Z',
  byteSize: status === 'ready' ? 2048 : 0,
  ...(status === 'ready' ? { downloadUrl: '/api/v1/account/exports/5/download' } : {}),
});

/** The settings page's other calls, and an export that runs, then is ready on the next look. */
function exportServer(role: 'owner' | 'manager' = 'owner') {
  const states: ReturnType<typeof exportRow>[][] = [[]];
  return {
    'owner.settings.get': () => ({ reviewFlow: 'smart', notifyLowRatings: true, dailyDigest: false }),
    'owner.templates.list': () => ({ enabled: true, placeholders: [], templates: [] }),
    'owner.account.get': () => account(role),
    'owner.accountExports.list': () => ({ exports: states.length > 1 ? states.shift()! : states[0]! }),
    'owner.accountExports.start': () => {
      states.splice(0, states.length, [exportRow('running', 40)], [exportRow('ready', 100)]);
      return { id: 5 };
    },
  };
}

const section = async () => within(await page().findByRole('region', { name: EXPORT_TEXT.title }));

describe('settings: export your data', () => {
  it('starts an export, shows its progress, then downloads the ZIP with the owner token', async () => {
    const fetched: { url: string; auth: string | null }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      fetched.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
      return new Response(new Blob(['PK']), {
        headers: { 'content-disposition': 'attachment; filename="starloop-export-1-2026-11-28.zip"' },
      });
    });
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    const app = await renderOwner('/dashboard/settings', exportServer(), 'Settings');
    const s = await section();
    await app.user.click(await s.findByRole('button', { name: EXPORT_TEXT.start }));
    expect(app.server.callsTo('owner.accountExports.start')).toHaveLength(1);
    expect(await s.findByText(EXPORT_TEXT.running(40))).toBeInTheDocument();
    expect(s.getByRole('button', { name: EXPORT_TEXT.start })).toBeDisabled();
    // The list is asked again while the export runs, until it is ready.
    expect(await s.findByText(EXPORT_TEXT.ready, { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    expect(s.getByText(/Kept until 5 Dec 2026/)).toBeInTheDocument();
    await app.user.click(s.getByRole('button', { name: EXPORT_TEXT.download }));
    await waitFor(() =>
      expect(fetched).toEqual([{ url: '/api/v1/account/exports/5/download', auth: 'Bearer owner-token' }]),
    );
  });

  it('tells the owner when an export failed and lets them start again', async () => {
    await renderOwner(
      '/dashboard/settings',
      { ...exportServer(), 'owner.accountExports.list': () => ({ exports: [exportRow('failed', 10)] }) },
      'Settings',
    );
    const s = await section();
    expect(await s.findByText(EXPORT_TEXT.failed)).toBeInTheDocument();
    expect(s.getByRole('button', { name: EXPORT_TEXT.start })).toBeEnabled();
  });

  it('says why an export could not start', async () => {
    const app = await renderOwner(
      '/dashboard/settings',
      {
        ...exportServer(),
        'owner.accountExports.start': failsWith('INTERNAL_SERVER_ERROR', 'Database is down'),
      },
      'Settings',
    );
    const s = await section();
    await app.user.click(await s.findByRole('button', { name: EXPORT_TEXT.start }));
    expect(await screen.findByText(`${EXPORT_TEXT.startFailed} Database is down`)).toBeInTheDocument();
  });

  it('is not shown to managers and staff', async () => {
    const app = await renderOwner('/dashboard/settings', exportServer('manager'), 'Settings');
    await waitFor(() => expect(app.server.callsTo('owner.account.get').length).toBeGreaterThan(0));
    expect(page().queryByRole('region', { name: EXPORT_TEXT.title })).not.toBeInTheDocument();
    expect(app.server.callsTo('owner.accountExports.list')).toHaveLength(0);
  });
});
