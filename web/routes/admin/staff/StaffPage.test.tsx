import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { StaffListAnswer } from '../../../../shared/api/staff-answers';
import { STAFF_MESSAGES } from '../../../../shared/schemas/staff';
import { authStore } from '../../../auth/auth-store';
import { NotificationProvider } from '../../../components/notifications';
import StaffPage from './StaffPage';

const LIST: StaffListAnswer = {
  staff: [
    { id: 1, email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', role: 'super_admin', active: true, createdAt: '2026-11-01T10:00:00.000Z' },
    { id: 2, email: 'anna@example.com', firstName: 'Anna', lastName: 'Baker', role: 'admin', active: true, createdAt: '2026-11-02T10:00:00.000Z' },
    { id: 3, email: 'bert@example.com', firstName: 'Bert', lastName: 'Cole', role: 'admin', active: false, createdAt: '2026-11-03T10:00:00.000Z' },
  ],
  invites: [{ email: 'carla@example.com', role: 'admin', invitedAt: '2026-11-27T10:00:00.000Z', expiresAt: '2026-11-30T10:00:00.000Z', expired: false }],
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  return render(
    <MemoryRouter>
      <NotificationProvider>
        <StaffPage />
      </NotificationProvider>
    </MemoryRouter>,
  );
}

// The screen is for super_admins; whoever an earlier file left signed in must not decide it.
beforeEach(() => {
  authStore.adopt({ token: 'staff-test-token', user: { id: 1, email: 'olive@example.com', firstName: 'Olive', lastName: 'Owner', phone: null, role: 'super_admin' } });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authStore.signOutLocally();
});

describe('Staff screen', () => {
  it('names every control after its person and shows each state', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, LIST)));
    renderPage();
    await screen.findByRole('heading', { name: 'Staff (3)' });
    expect(screen.getByRole('button', { name: 'Deactivate anna@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivate bert@example.com' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Role of anna@example.com' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send again to carla@example.com' })).toBeTruthy();
    const invites = screen.getByRole('region', { name: 'Invitations (1)' });
    expect(within(invites).getByText(/Pending until/)).toBeTruthy();
    expect(screen.getAllByText('Deactivated')).toHaveLength(1);
  });

  it('shows the server’s sentence when a change is refused', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PATCH') return json(409, { error: STAFF_MESSAGES.lastSuperAdmin, code: 'LAST_SUPER_ADMIN' });
      return json(200, LIST);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate anna@example.com' }));
    expect(await screen.findByText(STAFF_MESSAGES.lastSuperAdmin)).toBeTruthy();
    expect(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')![0])).toContain('/api/admin/staff/2');
  });

  it('offers to try again when the list cannot load', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', vi.fn(async () => (++calls === 1 ? json(500, { error: 'Server error', code: 'INTERNAL' }) : json(200, LIST))));
    renderPage();
    await screen.findByText(/Could not load the staff list/);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Staff (3)' });
  });

  it('withdraws an invitation by its own button, says so, and shows the list without it', async () => {
    let withdrawn = false;
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      if (String(input).endsWith('/api/admin/staff/invites/withdraw')) {
        withdrawn = true;
        return json(200, { withdrawn: 'carla@example.com' });
      }
      return json(200, withdrawn ? { ...LIST, invites: [] } : LIST);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw the invitation to carla@example.com' }));
    expect(await screen.findByText('The invitation to carla@example.com was withdrawn: its link no longer works')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/withdraw'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ email: 'carla@example.com' });
    await waitFor(() => expect(screen.queryByRole('region', { name: /Invitations/ })).toBeNull());
  });
});
