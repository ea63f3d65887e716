import { PLACEMENT_TEXTS } from '@starloop/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { trpcError } from '../../../test/fake-trpc.ts';
import { APP_URL, cleanToastsBeforeEach, page, placement, renderOwner } from '../test/owner-test-utils.tsx';
import { placementUsage, STAFF_KIND_LABEL } from './placements-section.tsx';

// The QR image is made in the browser by `qrcode`: record what it is asked to encode.
const qr = vi.hoisted(() => ({ toDataURL: vi.fn() }));
vi.mock('qrcode', () => ({ default: qr, toDataURL: qr.toDataURL }));

const PNG = 'data:image/png;base64,iVBORw0KGgoQR';
const TITLE = 'Business Profile';

cleanToastsBeforeEach();
beforeEach(() => {
  qr.toDataURL.mockReset();
  qr.toDataURL.mockResolvedValue(PNG);
});

const section = () => within(screen.getByRole('region', { name: 'Placements' }));

/** The Profile screen, once its Placements section is there (after owner.me). */
async function renderProfile(handlers: Parameters<typeof renderOwner>[1]) {
  const app = await renderOwner('/dashboard/profile', handlers, TITLE);
  await screen.findByRole('region', { name: 'Placements' });
  return app;
}
const table = () => within(section().getByRole('table', { name: 'Placements' }));
const rowOf = (name: string) => table().getByText(name).closest('tr') as HTMLElement;
const lastQrText = () => qr.toDataURL.mock.calls.at(-1)?.[0];

/** A small placements server: list, create, rename, delete, as owner.placements.* answer. */
function placementsServer(initial: ReturnType<typeof placement>[], limit: number | null = 50) {
  let rows = [...initial];
  let next = 100;
  return {
    rows: () => rows,
    handlers: {
      'owner.placements.list': () => ({ placements: rows, limit }),
      'owner.placements.create': (input: unknown) => {
        const { name, kind = 'place' } = input as { name: string; kind?: string };
        if (rows.some((r) => r.name.toLowerCase() === name.toLowerCase())) {
          throw trpcError('CONFLICT', PLACEMENT_TEXTS.nameTaken, 'name');
        }
        next += 1;
        const created = placement(next, name, { kind });
        rows = [...rows, created];
        return created;
      },
      'owner.placements.rename': (input: unknown) => {
        const { id, name, kind } = input as { id: number; name: string; kind?: string };
        rows = rows.map((r) => (r.id === id ? { ...r, name, ...(kind ? { kind } : {}) } : r));
        return rows.find((r) => r.id === id);
      },
      'owner.placements.delete': (input: unknown) => {
        rows = rows.filter((r) => r.id !== (input as { id: number }).id);
        return { success: true, message: PLACEMENT_TEXTS.deleted };
      },
    },
  };
}

describe('placements on the Profile screen', () => {
  it('lists Default (the original QR code) first, then the placements with their review links', async () => {
    const server = placementsServer([placement(1, 'Table 4'), placement(2, 'Billing counter')]);
    await renderProfile(server.handlers);

    await waitFor(() => expect(table().getAllByRole('row')).toHaveLength(4));
    const names = table()
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['DefaultOriginal QR code', 'Table 4', 'Billing counter']);
    expect(rowOf('Default')).toHaveTextContent(`${APP_URL}/review/chai-point`);
    expect(rowOf('Table 4')).toHaveTextContent(`${APP_URL}/review/chai-point?p=Key000000001`);
    expect(rowOf('Table 4')).toHaveTextContent('20 Nov 2026');
    // Default can be neither renamed nor deleted.
    expect(within(rowOf('Default')).queryByRole('button', { name: /Rename|Delete/ })).toBeNull();
    expect(section().getByTestId('placement-usage')).toHaveTextContent('2 of 50 placements used');
  });

  it("shows a placement's QR code: it encodes the placement URL, and the download and card name it", async () => {
    const server = placementsServer([placement(1, 'Table 4')]);
    const app = await renderProfile(server.handlers);
    await page().findByRole('img', { name: `QR code for ${APP_URL}/review/chai-point` });
    expect(lastQrText()).toBe(`${APP_URL}/review/chai-point`);

    await app.user.click(await section().findByRole('button', { name: 'Show QR code for Table 4' }));

    const url = `${APP_URL}/review/chai-point?p=Key000000001`;
    expect(await page().findByRole('img', { name: `QR code for ${url}` })).toBeInTheDocument();
    expect(lastQrText()).toBe(url);
    await waitFor(() =>
      expect(page().getByRole('link', { name: 'Download QR Code' })).toHaveAttribute(
        'download',
        'chai_point___co_-table_4-qr-code.png',
      ),
    );
    const card = within(page().getByTestId('table-card'));
    expect(card.getByText('Table 4')).toBeInTheDocument();
    expect(card.getByText(url)).toBeInTheDocument();
    expect(section().getByRole('button', { name: 'Show QR code for Table 4' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Back to Default through the picker above the QR code.
    await app.user.click(page().getByRole('combobox', { name: 'Placement' }));
    await app.user.click(
      await screen.findByRole('option', { name: 'Default (original QR code)', hidden: true }),
    );
    expect(
      await page().findByRole('img', { name: `QR code for ${APP_URL}/review/chai-point` }),
    ).toBeInTheDocument();
    expect(page().getByRole('link', { name: 'Download QR Code' })).toHaveAttribute(
      'download',
      'chai_point___co_-qr-code.png',
    );
  });

  it('adds a placement (trimmed) and shows its QR code; a taken name is said under the field', async () => {
    const server = placementsServer([placement(1, 'Table 4')]);
    const app = await renderProfile(server.handlers);
    const field = await section().findByRole('textbox', { name: 'New placement' });

    await app.user.type(field, '  Swiggy bag insert ');
    await app.user.click(section().getByRole('button', { name: 'Add placement' }));

    expect(await screen.findByText(PLACEMENT_TEXTS.created)).toBeInTheDocument();
    expect(app.server.callsTo('owner.placements.create')[0]?.input).toEqual({ name: 'Swiggy bag insert' });
    expect(await table().findByText('Swiggy bag insert')).toBeInTheDocument();
    expect(field).toHaveValue('');
    await waitFor(() => expect(lastQrText()).toBe(`${APP_URL}/review/chai-point?p=Key000000101`));

    await app.user.type(field, 'table 4');
    await app.user.click(section().getByRole('button', { name: 'Add placement' }));
    expect(await section().findByText(PLACEMENT_TEXTS.nameTaken)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    // The contract's rules run before any call.
    await app.user.clear(field);
    await app.user.type(field, 'Default');
    await app.user.click(section().getByRole('button', { name: 'Add placement' }));
    expect(await section().findByText(PLACEMENT_TEXTS.nameReserved)).toBeInTheDocument();
    expect(app.server.callsTo('owner.placements.create')).toHaveLength(2);
  });

  it("adds a staff member's own code, and turns a placement into one and back, for the staff leaderboard", async () => {
    const server = placementsServer([placement(1, 'Table 4')]);
    const app = await renderProfile(server.handlers);
    const field = await section().findByRole('textbox', { name: 'New placement' });
    await app.user.type(field, 'Ravi');
    await app.user.click(section().getByRole('checkbox', { name: STAFF_KIND_LABEL }));
    await app.user.click(section().getByRole('button', { name: 'Add placement' }));
    expect(await screen.findByText(PLACEMENT_TEXTS.created)).toBeInTheDocument();
    expect(app.server.callsTo('owner.placements.create')[0]?.input).toEqual({ name: 'Ravi', kind: 'staff' });
    await waitFor(() => expect(within(rowOf('Ravi')).getByText('Staff')).toBeInTheDocument());
    expect(within(rowOf('Table 4')).queryByText('Staff')).toBeNull();
    expect(section().getByRole('checkbox', { name: STAFF_KIND_LABEL })).not.toBeChecked();

    await app.user.click(section().getByRole('button', { name: 'Rename Table 4' }));
    let dialog = await screen.findByRole('dialog', { name: 'Rename placement' });
    const staff = within(dialog).getByRole('checkbox', { name: STAFF_KIND_LABEL });
    expect(staff).not.toBeChecked();
    await app.user.click(staff);
    await app.user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.placements.rename')[0]?.input).toEqual({
        id: 1,
        name: 'Table 4',
        kind: 'staff',
      }),
    );
    await waitFor(() => expect(within(rowOf('Table 4')).getByText('Staff')).toBeInTheDocument());

    await app.user.click(section().getByRole('button', { name: 'Rename Ravi' }));
    dialog = await screen.findByRole('dialog', { name: 'Rename placement' });
    expect(within(dialog).getByRole('checkbox', { name: STAFF_KIND_LABEL })).toBeChecked();
    await app.user.click(within(dialog).getByRole('checkbox', { name: STAFF_KIND_LABEL }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() =>
      expect(app.server.callsTo('owner.placements.rename')[1]?.input).toEqual({
        id: 101,
        name: 'Ravi',
        kind: 'place',
      }),
    );
    await waitFor(() => expect(within(rowOf('Ravi')).queryByText('Staff')).toBeNull());
  });

  it('renames a placement, keeping its key', async () => {
    const server = placementsServer([placement(1, 'Table 4')]);
    const app = await renderProfile(server.handlers);
    await app.user.click(await section().findByRole('button', { name: 'Rename Table 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename placement' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Table 4');

    await app.user.clear(name);
    await app.user.type(name, 'Patio table 4');
    await app.user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText(PLACEMENT_TEXTS.renamed)).toBeInTheDocument();
    expect(app.server.callsTo('owner.placements.rename')[0]?.input).toEqual({ id: 1, name: 'Patio table 4' });
    expect(await table().findByText('Patio table 4')).toBeInTheDocument();
    expect(rowOf('Patio table 4')).toHaveTextContent('?p=Key000000001');
  });

  it('deletes a placement after confirmation; its QR code goes back to Default', async () => {
    const server = placementsServer([placement(1, 'Table 4'), placement(2, 'Counter')]);
    const app = await renderProfile(server.handlers);
    await app.user.click(await section().findByRole('button', { name: 'Show QR code for Table 4' }));
    await waitFor(() => expect(lastQrText()).toBe(`${APP_URL}/review/chai-point?p=Key000000001`));

    await app.user.click(section().getByRole('button', { name: 'Delete Table 4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete placement' });
    expect(dialog).toHaveTextContent('Its reviews and scans so far stay in your stats.');
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(PLACEMENT_TEXTS.deleted)).toBeInTheDocument();
    expect(app.server.callsTo('owner.placements.delete')[0]?.input).toEqual({ id: 1 });
    await waitFor(() => expect(table().queryByText('Table 4')).toBeNull());
    expect(
      await page().findByRole('img', { name: `QR code for ${APP_URL}/review/chai-point` }),
    ).toBeInTheDocument();
  });

  it('stops adding at the Essential limit and says what to do', async () => {
    const server = placementsServer([placement(1, 'Table 1'), placement(2, 'Table 2')], 2);
    await renderProfile(server.handlers);
    const usage = await section().findByTestId('placement-usage');
    expect(usage).toHaveTextContent('2 of 2 placements used');
    expect(usage).toHaveTextContent('move to Professional');
    expect(section().getByRole('button', { name: 'Add placement' })).toBeDisabled();
    expect(section().getByRole('textbox', { name: 'New placement' })).toBeDisabled();
  });

  it('counts placements without a limit on Professional', () => {
    expect(placementUsage(1, null)).toBe('1 placement (unlimited on your plan)');
    expect(placementUsage(3, null)).toBe('3 placements (unlimited on your plan)');
    expect(placementUsage(3, 50)).toBe('3 of 50 placements used');
  });

  it('keeps the Default QR code when placements fail to load, and retries', async () => {
    let fail = true;
    const app = await renderProfile({
      'owner.placements.list': () => {
        if (fail) throw trpcError('INTERNAL_SERVER_ERROR', 'Placements are down');
        return { placements: [placement(1, 'Table 4')], limit: 50 };
      },
    });
    expect(
      await page().findByRole('img', { name: `QR code for ${APP_URL}/review/chai-point` }),
    ).toBeInTheDocument();
    const alert = await section().findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load placements');
    expect(alert).toHaveTextContent('Error: Placements are down');
    fail = false;
    await app.user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await table().findByText('Table 4')).toBeInTheDocument();
  });
});
